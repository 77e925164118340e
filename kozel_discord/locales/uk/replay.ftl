# Повтори та вивантаження зіграних ігор: /ліга гра та меню «Повтор гри» в історії й профілях.

cmd-game-name = гра
cmd-game-desc = Повтор зіграної гри цього сервера, взятка за взяткою
cmd-game-id_name = номер
cmd-game-id = Номер гри (#…) з /ліга історія та профілів
cmd-game-public_name = усім
cmd-game-public = Показати повтор усьому каналу (типово його бачите лише ви)

replay-title = 🎬 **Повтор гри #{ $id }** · гра { $n } своєї партії · { $when }
replay-trick = **Взятка { $n } з { $total }** · захід: { $leader }
replay-took = **Взятку бере { $who }**: { $cards } ({ $team }) · { $points ->
        [one] { $points } очко
        [few] { $points } очки
       *[many] { $points } очок
    } у відкритих картах
replay-tricks_so_far = Взятки: { $a } · { $b }
replay-points_so_far = Очки поки що (лише відкриті карти): { $a } · { $b }
replay-discards_hidden = Скинуті карти лишаються сорочкою догори: їхні очки видно лише в підсумковому рахунку.
replay-result_title = Гра { $n }: підсумок
replay-card_points = Очки разом зі скидами: { $a } · { $b }
replay-export = Вивантажити JSON
replay-exported = Запис гри #{ $id }: її сід і всі ходи, точно як збережено. Цей файл читають `kozel-discord verify` і `kozel-discord simulate`.
replay-pick = 🎬 Повтор гри…
replay-pick_hint = 🎬 Повтор гри: виберіть її в меню нижче або введіть { COMMAND("league game") } з її #номером.
replay-option = #{ $id } · гра { $n } · { $date }
replay-option_lost = { $dp ->
        [one] { $dp } штрафне очко
        [few] { $dp } штрафні очки
       *[many] { $dp } штрафних очок
    } — { $team }
replay-option_eggs = яйця, 60 : 60 · без штрафних
replay-option_computers = 🤖 комп'ютери

error-game_not_found = Зіграної гри #{ $id } немає. Останні ігри — в { COMMAND("league history") }.
error-game_other_guild = Гру #{ $id } зіграно на іншому сервері: повтори показують лише ігри цього сервера.
error-game_unreadable = Запис гри #{ $id } не вдається відтворити.

# Повтори та вивантаження зіграних конів: /ліга кін та меню «Повтор кону» в історії й профілях.

cmd-game-name = кін
cmd-game-desc = Повтор зіграного кону цього сервера, взятка за взяткою
cmd-game-id_name = номер
cmd-game-id = Номер кону (#…) з /ліга історія та профілів
cmd-game-public_name = усім
cmd-game-public = Показати повтор усьому каналу (типово його бачите лише ви)

replay-title = 🎬 **Повтор кону #{ $id }** · { $n }-й кін партії · { $when }
replay-trick = **Взятка { $n } з { $total }**
replay-took = **Взятку бере { $who }**: { $cards } · { $points ->
        [one] { $points } очко
        [few] { $points } очки
       *[many] { $points } очок
    } у відкритих картах
replay-tricks_so_far = Взятки: { $a } · { $b }
replay-result_title = Кін { $n }: підсумок
replay-card_points = Очки разом зі скинутими картами: { $a } · { $b }
replay-export = Експортувати JSON
replay-exported = Запис кону #{ $id }: його зерно і всі ходи, точно як збережено. Цей файл читають `kozel-discord verify` і `kozel-discord simulate`.
replay-pick = 🎬 Повтор кону…
replay-pick_hint = 🎬 Повтор кону: виберіть кін у меню нижче або введіть { COMMAND_NAME("league game") } і номер кону (#…).
replay-option = #{ $id } · { $date } · { $n }-й кін партії
replay-option_lost = { $team }: +{ $dp ->
        [one] { $dp } штрафне очко
        [few] { $dp } штрафні очки
       *[many] { $dp } штрафних очок
    }
replay-option_eggs = яйця, 60 : 60 · без штрафних
replay-option_computers = 🤖 комп'ютери

error-game_not_found = Зіграного кону #{ $id } немає. Останні кони — в { COMMAND("league history") }.
error-game_other_guild = Кін #{ $id } зіграно на іншому сервері: повтори показують лише кони цього сервера.
error-game_unreadable = Запис кону #{ $id } не вдається відтворити.

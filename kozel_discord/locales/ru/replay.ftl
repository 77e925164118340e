# Повторы и выгрузка сыгранных конов: /лига кон и меню «Повтор кона» в истории и профилях.

cmd-game-name = кон
cmd-game-desc = Повтор сыгранного кона этого сервера, взятка за взяткой
cmd-game-id_name = номер
cmd-game-id = Номер кона (#…) из /лига история и профилей
cmd-game-public_name = всем
cmd-game-public = Показать повтор всему каналу (по умолчанию его видите только вы)

replay-title = 🎬 **Повтор кона #{ $id }** · { $n }-й кон партии · { $when }
replay-trick = **Взятка { $n } из { $total }**
replay-took = **Взятку берёт { $who }**: { $cards } · { $points ->
        [one] { $points } очко
        [few] { $points } очка
       *[many] { $points } очков
    } в открытых картах
replay-tricks_so_far = Взятки: { $a } · { $b }
replay-result_title = Кон { $n }: итог
replay-card_points = Очки вместе со сбросами: { $a } · { $b }
replay-export = Выгрузить JSON
replay-exported = Запись кона #{ $id }: его зерно и все ходы, ровно как сохранены. Этот файл читают `kozel-discord verify` и `kozel-discord simulate`.
replay-pick = 🎬 Повтор кона…
replay-pick_hint = 🎬 Повтор кона: выберите его в меню ниже или введите { COMMAND_NAME("league game") } с его #номером.
replay-option = #{ $id } · { $date } · { $n }-й кон партии
replay-option_lost = { $team }: +{ $dp ->
        [one] { $dp } штрафное очко
        [few] { $dp } штрафных очка
       *[many] { $dp } штрафных очков
    }
replay-option_eggs = яйца, 60 : 60 · без штрафных
replay-option_computers = 🤖 компьютеры

error-game_not_found = Сыгранного кона #{ $id } нет. Последние коны — в { COMMAND("league history") }.
error-game_other_guild = Кон #{ $id } сыгран на другом сервере: повторы показывают только коны этого сервера.
error-game_unreadable = Запись кона #{ $id } не удаётся воспроизвести.

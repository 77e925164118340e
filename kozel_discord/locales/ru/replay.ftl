# Повторы и выгрузка сыгранных игр: /лига игра и меню «Повтор игры» в истории и профилях.

cmd-game-name = игра
cmd-game-desc = Повтор сыгранной игры этого сервера, взятка за взяткой
cmd-game-id_name = номер
cmd-game-id = Номер игры (#…) из /лига история и профилей
cmd-game-public_name = всем
cmd-game-public = Показать повтор всему каналу (по умолчанию его видите только вы)

replay-title = 🎬 **Повтор игры #{ $id }** · кон { $n } своей партии · { $when }
replay-trick = **Взятка { $n } из { $total }** · заход: { $leader }
replay-took = **Взятку берёт { $who }**: { $cards } ({ $team }) · { $points ->
        [one] { $points } очко
        [few] { $points } очка
       *[many] { $points } очков
    } в открытых картах
replay-tricks_so_far = Взятки: { $a } · { $b }
replay-points_so_far = Очки пока (только открытые карты): { $a } · { $b }
replay-discards_hidden = Сброшенные карты остаются рубашкой вверх: их очки видны только в итоговом счёте.
replay-result_title = Кон { $n }: итог
replay-card_points = Очки вместе со сбросами: { $a } · { $b }
replay-export = Выгрузить JSON
replay-exported = Запись игры #{ $id }: её сид и все ходы, ровно как сохранены. Этот файл читают `kozel-discord verify` и `kozel-discord simulate`.
replay-pick = 🎬 Повтор игры…
replay-pick_hint = 🎬 Повтор игры: выберите её в меню ниже или введите { COMMAND("league game") } с её #номером.
replay-option = #{ $id } · кон { $n } · { $date }
replay-option_lost = { $dp ->
        [one] { $dp } штрафное очко
        [few] { $dp } штрафных очка
       *[many] { $dp } штрафных очков
    } — { $team }
replay-option_eggs = яйца, 60 : 60 · без штрафных
replay-option_computers = 🤖 компьютеры

error-game_not_found = Сыгранной игры #{ $id } нет. Последние игры — в { COMMAND("league history") }.
error-game_other_guild = Игра #{ $id } сыграна на другом сервере: повторы показывают только игры этого сервера.
error-game_unreadable = Запись игры #{ $id } не удаётся воспроизвести.

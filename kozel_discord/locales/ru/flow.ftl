# Ход игры: почему кон засчитан так, итоги партии, напоминания о ходе, голосования и
# заброшенные столы (русский). Формы: one (1, 21…), few (2–4, 22–24…), many (0, 5–20…).

result-reason-no_trick = **{ $team } получает { $dp ->
        [one] { $dp } штрафное очко
        [few] { $dp } штрафных очка
       *[many] { $dp } штрафных очков
    }**: ни одной взятки.
result-reason-thirty_or_fewer = **{ $team } получает { $dp ->
        [one] { $dp } штрафное очко
        [few] { $dp } штрафных очка
       *[many] { $dp } штрафных очков
    }**: она набрала всего { $points ->
        [one] { $points } очко
        [few] { $points } очка
       *[many] { $points } очков
    } (30 и меньше).
result-reason-under_sixty = **{ $team } получает { $dp ->
        [one] { $dp } штрафное очко
        [few] { $dp } штрафных очка
       *[many] { $dp } штрафных очков
    }**: она набрала { $points ->
        [one] { $points } очко
        [few] { $points } очка
       *[many] { $points } очков
    } (31–59).
result-progress = Партия до { $target ->
        [one] { $target } штрафного очка
       *[other] { $target } штрафных очков
    }
result-bar = { $team } { $bar } { $points }/{ $target }

series-recap = Итоги
series-recap_counts = { $games ->
        [one] { $games } кон
        [few] { $games } кона
       *[many] { $games } конов
    }{ $eggs ->
        [0] {""}
        [one] {" "}· { $eggs } яйцо
        [few] {" "}· { $eggs } яйца
       *[many] {" "}· { $eggs } яиц
    }
series-best_trick = Самая дорогая взятка: { $who } — { $points ->
        [one] { $points } очко в открытых картах
        [few] { $points } очка в открытых картах
       *[many] { $points } очков в открытых картах
    } ({ $cards ->
        [one] во взятке { $cards } карта
        [few] во взятке { $cards } карты
       *[many] во взятке { $cards } карт
    }) в { $n }-м коне.
series-games = Коны: очки А : Б — штрафные
series-game_line = { $n }. { $a } : { $b } — { $outcome }
series-outcome-no_trick = { $team } +{ $dp } (без взяток)
series-outcome-thirty_or_fewer = { $team } +{ $dp } (30 и меньше)
series-outcome-under_sixty = { $team } +{ $dp } (31–59)
series-outcome_eggs = яйца 🥚
series-earlier_games = … и ещё { $n ->
        [one] { $n } кон раньше
        [few] { $n } кона раньше
       *[many] { $n } конов раньше
    }

cmd-pings-name = напоминания
cmd-pings-desc = Включить или выключить напоминания о вашем ходе за этим столом
cmd-pings-state = Включить или выключить
cmd-pings-state_name = состояние
cmd-vote-name = голосование
cmd-vote-desc = Голосование против хозяина стола, из-за которого стоит игра
cmd-vote-what = За что голосовать
cmd-vote-what_name = что
choice-on = включить
choice-off = выключить
choice-vote-stop = остановить стол
choice-vote-timer = включить таймер хода

ping-turn = { $user }, ваш ход.
ping-reminder = { $user }, время на ход почти вышло.
ping-on = Напоминания о ходе за этим столом включены.
ping-off = Напоминания о ходе за этим столом выключены. Включить снова: { COMMAND("kozel pings") }.

vote-yours = Голос учтён: { $n } из { $total }.
vote-stop-counted = Голосование за остановку стола: { $n } из { $total }.
vote-timer-counted = Голосование за таймер хода: { $n } из { $total }.
vote-stop-passed = Игроки проголосовали: стол остановлен.
vote-timer-passed = Игроки проголосовали: таймер хода включён.

idle-closed = Стол закрыт: за ним долго ничего не происходило. Партия считается брошенной.
idle-closed_message = Стол закрыт из-за бездействия.

error-no_human = За столом нужен хотя бы один игрок-человек.
error-vote_not_open = Голосовать не о чем: хозяин стола не задерживает игру.
error-vote_not_allowed = Голосовать могут только другие игроки за этим столом.
error-already_voted = Ваш голос уже учтён.
error-timer_already_on = Таймер хода уже включён.

cmd-settings-name = настройки
cmd-settings-desc = Настройки столов этого сервера (право «Управлять сервером»)
cmd-settings-threads = Отдельная ветка для игры каждого стола (пусто — показать настройку)
cmd-settings-threads_name = ветки
settings-threads_on = Игра каждого стола идёт в своей ветке (если у бота есть право создавать ветки); лобби остаётся в канале.
settings-threads_off = Игры идут прямо в канале, без веток.
thread-name = Игра в козла — { $names }
ping-button = 🔔 Напоминать мне о ходе
rematch-started = 🔁 Следующая партия уже началась: вот ваши карты.

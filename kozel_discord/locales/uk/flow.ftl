# Перебіг гри: чому кін зараховано так, підсумки партії, нагадування про хід, голосування
# і покинуті столи (українська). Форми: one (1, 21…), few (2–4, 22–24…), many (0, 5–20…).

result-reason-no_trick = **{ $team } отримує { $dp ->
        [one] { $dp } штрафне очко
        [few] { $dp } штрафні очки
       *[many] { $dp } штрафних очок
    }**: жодної взятки.
result-reason-thirty_or_fewer = **{ $team } отримує { $dp ->
        [one] { $dp } штрафне очко
        [few] { $dp } штрафні очки
       *[many] { $dp } штрафних очок
    }**: у неї лише { $points ->
        [one] { $points } очко
        [few] { $points } очки
       *[many] { $points } очок
    } (30 або менше).
result-reason-under_sixty = **{ $team } отримує { $dp ->
        [one] { $dp } штрафне очко
        [few] { $dp } штрафні очки
       *[many] { $dp } штрафних очок
    }**: у неї { $points ->
        [one] { $points } очко
        [few] { $points } очки
       *[many] { $points } очок
    } (31–59).
result-progress = Партія до { $target ->
        [one] { $target } штрафного очка
       *[other] { $target } штрафних очок
    }
result-bar = { $team } { $bar } { $points }/{ $target }

series-recap = Підсумки
series-recap_counts = { $games ->
        [one] { $games } кін
        [few] { $games } кони
       *[many] { $games } конів
    }{ $eggs ->
        [0] {""}
        [one] {" "}· { $eggs } яйце
        [few] {" "}· { $eggs } яйця
       *[many] {" "}· { $eggs } яєць
    }
series-best_trick = Найдорожча взятка: { $who } — { $points ->
        [one] { $points } очко у відкритих картах
        [few] { $points } очки у відкритих картах
       *[many] { $points } очок у відкритих картах
    } ({ $cards ->
        [one] у взятці { $cards } карта
        [few] у взятці { $cards } карти
       *[many] у взятці { $cards } карт
    }), { $n }-й кін.
series-games = Кони: очки А : Б — штрафні
series-game_line = { $n }. { $a } : { $b } — { $outcome }
series-outcome-no_trick = { $team } +{ $dp } (без взяток)
series-outcome-thirty_or_fewer = { $team } +{ $dp } (30 або менше)
series-outcome-under_sixty = { $team } +{ $dp } (31–59)
series-outcome_eggs = яйця 🥚
series-earlier_games = … і ще { $n ->
        [one] { $n } кін раніше
        [few] { $n } кони раніше
       *[many] { $n } конів раніше
    }

cmd-pings-name = нагадування
cmd-pings-desc = Увімкнути або вимкнути нагадування про ваш хід за цим столом
cmd-pings-state = Увімкнути або вимкнути
cmd-pings-state_name = стан
cmd-vote-name = голосування
cmd-vote-desc = Голосування проти господаря столу, через якого стоїть гра
cmd-vote-what = За що голосувати
cmd-vote-what_name = що
choice-on = увімкнути
choice-off = вимкнути
choice-vote-stop = зупинити стіл
choice-vote-timer = увімкнути таймер ходу

ping-turn = { $user }, ваш хід.
ping-reminder = { $user }, час на хід спливає — поспішіть.
ping-on = Нагадування про хід за цим столом увімкнено.
ping-off = Нагадування про хід за цим столом вимкнено. Увімкнути знову: { COMMAND("kozel pings") }.

vote-yours = Голос враховано: { $n } з { $total }.
vote-stop-counted = Голосування за зупинку столу: { $n } з { $total }.
vote-timer-counted = Голосування за таймер ходу: { $n } з { $total }.
vote-stop-passed = Гравці проголосували: стіл зупинено.
vote-timer-passed = Гравці проголосували: таймер ходу увімкнено.

idle-closed = Стіл закрито: за ним довго нічого не відбувалося. Партія вважається покинутою.
idle-closed_message = Стіл закрито через бездіяльність.

error-no_human = За столом потрібен хоча б один гравець-людина.
error-vote_not_open = Немає про що голосувати: господар столу не затримує гру.
error-vote_not_allowed = Голосувати можуть лише інші гравці за цим столом.
error-already_voted = Ваш голос уже враховано.
error-timer_already_on = Таймер ходу вже увімкнено.

cmd-settings-name = налаштування
cmd-settings-desc = Налаштування столів цього сервера (право «Керувати сервером»)
cmd-settings-threads = Окрема гілка для гри кожного столу (порожньо — показати налаштування)
cmd-settings-threads_name = гілки
settings-threads_on = Гра кожного столу йде у своїй гілці (якщо бот має право створювати гілки); лобі лишається в каналі.
settings-threads_off = Ігри йдуть просто в каналі, без гілок.
thread-name = Козел — { $names }
ping-button = 🔔 Нагадувати мені про хід
rematch-started = 🔁 Наступна партія вже почалася: ось ваші карти.

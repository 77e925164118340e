# Лига сервера: /league table, player, history, ranked; и /kozel stats.

league-title = Турнирная таблица — { $guild }
league-sorted_by = Сортировка по { $sort }
league-empty = Рейтинговых партий ещё не было. Партии с компьютерами идут в зачёт, только если администратор включил { COMMAND("league ranked") }; начните: { COMMAND("kozel start") }!
league-empty_length = Рейтинговых партий до { $target } штрафных очков ещё не было. В лиге этого сервера есть партии до { $lengths }: выберите эту длину в { COMMAND("league table") }.
league-columns = Рейтинг (начальный — { $start }) · партии и коны: выиграно–проиграно
league-columns-goats_eggs = 🐐🥚 козёл с яйцами
league-columns-eggs = 🥚 яйца
league-row = **{ $rank }.** { $user } · **{ $rating }** · партии { $sw }–{ $sl } · коны { $gw }–{ $gl }{ $goats_eggs ->
        [0] {""}
       *[other] {" "}· 🐐🥚 { $goats_eggs }
    }{ $eggs ->
        [0] {""}
       *[other] {" "}· 🥚 { $eggs }
    }
league-page = Страница { $page } из { $pages } · { $total ->
        [one] { $total } игрок
        [few] { $total } игрока
       *[many] { $total } игроков
    }

history-title = Последние партии
history-empty = Партий ещё не было.
history-line = { $when } · { $a } — { $b } · штрафные очки { $da } : { $db }{ $eggs ->
        [0] {""}
        [one] {" · "}{ $eggs } яйцо
        [few] {" · "}{ $eggs } яйца
       *[many] {" · "}{ $eggs } яиц
    } · { $verdict }{ $ranked }
history-goats = козлы: { $names }
history-goats_with_eggs = козлы с яйцами: { $names }
history-unranked = {" "}· не в зачёт лиги
history-computers = 🤖 { $n ->
        [one] { $n } компьютер
        [few] { $n } компьютера
       *[many] { $n } компьютеров
    } (уровень: { $level })
history-status-active = идёт
history-status-finished = окончена
history-status-abandoned = брошена

profile-title = { $name } — профиль в лиге
profile-rating = Рейтинг
profile-rating_value = { $rating } · { $rank }-е место в лиге
profile-rating_note = Все начинают с { $start }. Рейтинг растёт с победами команды игрока и падает с поражениями; пока сыграно мало конов, он временно занижен (лига ещё не уверена), поэтому первые коны двигают его сильнее всего, и каждый из них, даже «яйца» (60 на 60), немного его поднимает.
profile-series = Партии
profile-series_value = выиграно { $w } · проиграно { $l }
profile-goats = В козлах
profile-goats_value = { $n ->
        [one] { $n } раз
        [few] { $n } раза
       *[many] { $n } раз
    }{ $eggs ->
        [0] {""}
       *[other] {" "}(с яйцами: { $eggs })
    }
profile-games = Коны
profile-games_value = выиграно { $w } · проиграно { $l }{ $eggs ->
        [0] {""}
        [one] {" "}· { $eggs } яйцо
        [few] {" "}· { $eggs } яйца
       *[many] {" "}· { $eggs } яиц
    }
profile-defeat_points = Штрафные очки
profile-defeat_points_value = получено { $taken } · выдано { $inflicted }
profile-best_partner = Лучший партнёр
profile-best_partner_value = { $user }: вместе выиграно { $won } из { $played ->
        [one] { $played } партии
        [few] { $played } партий
       *[many] { $played } партий
    }
profile-recent = Последние партии
profile-none = { $user }: на этом сервере ещё нет сыгранных партий.

ranked-on = Партии с компьютерами учитываются в лиге для игроков-людей.
ranked-off = Партии с компьютерами не учитываются в лиге.
ranked-from_next = Это действует для каждой партии, которая начнётся с этого момента; идущие партии сохраняют свои правила.

stats-title = Бот «Козёл» — показатели
stats-text = Столов в этом процессе: **{ $tables }**
    Конов за последний час: **{ $games }**
    Обработано взаимодействий: { $interactions } · ошибок: { $errors }
    Задержка цикла событий: p99 { $lag } мс · макс. { $lag_max } мс
    Пиковая память: { $rss } МиБ · шарды: { $shards }

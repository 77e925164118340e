# Ліга сервера: /league table, player, history, ranked; і /kozel stats.

league-title = Турнірна таблиця — { $guild }
league-sorted_by = Сортування за { $sort }
league-empty = Рейтингових партій ще не було. Партії з комп'ютерами йдуть у залік, лише якщо адміністратор увімкнув { COMMAND("league ranked") }; почніть: { COMMAND("kozel start") }!
league-empty_length = Рейтингових партій до { $target } штрафних очок ще не було. У лізі цього сервера є партії до { $lengths }: виберіть цю довжину в { COMMAND("league table") }.
league-columns = Рейтинг (початковий — { $start }) · партії та кони: виграно–програно
league-columns-goats_eggs = 🐐🥚 у козлах з яйцями
league-columns-eggs = 🥚 яйця
league-row = **{ $rank }.** { $user } · **{ $rating }** · партії { $sw }–{ $sl } · кони { $gw }–{ $gl }{ $goats_eggs ->
        [0] {""}
       *[other] {" "}· 🐐🥚 { $goats_eggs }
    }{ $eggs ->
        [0] {""}
       *[other] {" "}· 🥚 { $eggs }
    }
league-page = Сторінка { $page } з { $pages } · { $total ->
        [one] { $total } гравець
        [few] { $total } гравці
       *[many] { $total } гравців
    }

history-title = Останні партії
history-empty = Партій ще не було.
history-line = { $when } · { $a } — { $b } · штрафні очки { $da } : { $db }{ $eggs ->
        [0] {""}
        [one] {" · "}{ $eggs } яйце
        [few] {" · "}{ $eggs } яйця
       *[many] {" · "}{ $eggs } яєць
    } · { $verdict }{ $ranked }
history-goats = козли: { $names }
history-goats_with_eggs = козли з яйцями: { $names }
history-unranked = {" "}· не в залік ліги
history-computers = 🤖 { $n ->
        [one] { $n } комп'ютер
        [few] { $n } комп'ютери
       *[many] { $n } комп'ютерів
    } (рівень: { $level })
history-status-active = триває
history-status-finished = закінчена
history-status-abandoned = покинута

profile-title = { $name } — профіль у лізі
profile-rating = Рейтинг
profile-rating_value = { $rating } · { $rank }-е місце в лізі
profile-rating_note = Усі починають з { $start }. Рейтинг зростає, коли команда гравця виграє, і падає, коли програє; доки зіграно мало конів, він тимчасово занижений (ліга ще не впевнена), тому перші кони рухають його найбільше, і кожен із них, навіть «яйця» (60 на 60), трохи його піднімає.
profile-series = Партії
profile-series_value = виграно { $w } · програно { $l }
profile-goats = У козлах
profile-goats_value = { $n ->
        [one] { $n } раз
        [few] { $n } рази
       *[many] { $n } разів
    }{ $eggs ->
        [0] {""}
       *[other] {" "}(з яйцями: { $eggs })
    }
profile-games = Кони
profile-games_value = виграно { $w } · програно { $l }{ $eggs ->
        [0] {""}
        [one] {" "}· { $eggs } яйце
        [few] {" "}· { $eggs } яйця
       *[many] {" "}· { $eggs } яєць
    }
profile-defeat_points = Штрафні очки
profile-defeat_points_value = отримано { $taken } · видано { $inflicted }
profile-best_partner = Найкращий партнер
profile-best_partner_value = { $user }: разом виграно { $won } з { $played ->
        [one] { $played } партії
        [few] { $played } партій
       *[many] { $played } партій
    }
profile-recent = Останні партії
profile-none = { $user }: на цьому сервері ще немає зіграних партій.

ranked-on = Партії з комп'ютерами враховуються в лізі для гравців-людей.
ranked-off = Партії з комп'ютерами не враховуються в лізі.
ranked-from_next = Це діє для кожної партії, що почнеться відтепер; партії, що вже йдуть, зберігають свої правила.

stats-title = Бот «Козел» — показники
stats-text = Столів у цьому процесі: **{ $tables }**
    Конів за останню годину: **{ $games }**
    Оброблено взаємодій: { $interactions } · помилок: { $errors }
    Затримка циклу подій: p99 { $lag } мс · макс. { $lag_max } мс
    Пікова пам'ять: { $rss } МіБ · шарди: { $shards }

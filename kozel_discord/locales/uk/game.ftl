# «Козел»: лобі, стіл, особисті карти й підсумки (українська).
# Ключ коду `table.seat_line` — повідомлення `table-seat_line` (крапки стають дефісами).
# Форми множини: one (1, 21, 31…), few (2–4, 22–24…), many (0, 5–20, 25…).
# Без минулого часу з родом («Ольга скинув»): гравці бувають будь-якої статі.

suit-clubs = трефи
suit-diamonds = бубни
suit-hearts = чирви
suit-spades = піки

# Карта текстом: $rank — 6 7 8 9 10 J Q K A, $suit — значок масті (♣ ♦ ♥ ♠).
# Літери ті самі, що на малюнках карт (J Q K A), щоб текст і малюнок збігалися.
card-text = { $rank }{ $suit }

seat-label = Місце { $n } ({ $team })
seat-number = Місце { $n }
seat-label_long = Місце { $n } · { $team }
seat-empty = — вільно —
seat-computer = 🤖 { $name } ({ $level })
seat-computer_short = 🤖 { $level }
seat-computer_plain = 🤖 { $name }
seat-away_suffix = {" "}(немає на місці — грає комп'ютер)

team-a = А
team-b = Б
team-a-long = Команда А
team-b-long = Команда Б
team-pair = { $first } і { $second }

level-random = легкий
level-heuristic = середній
level-strong = сильний
level-None = середній

computer-name = Комп'ютер { $n }

lobby-title = Козел — новий стіл
lobby-description = Четверо гравців, дві команди; партнери сидять навпроти. Займіть місце або посадіть комп'ютер. Господар столу починає гру, коли зайняті всі чотири місця. Граєте вперше? Правила — { COMMAND("kozel rules") }.
lobby-started = Гра почалася — стіл нижче.
lobby-settings = Налаштування
lobby-host = Господар столу: { $host }
lobby-timer_on = Таймер ходу: { $seconds ->
        [one] { $seconds } секунда
        [few] { $seconds } секунди
       *[many] { $seconds } секунд
    } (потім хід зробить комп'ютер)
lobby-timer_off = Таймер ходу: вимкнено
lobby-sit = Сісти: { $seat }
lobby-remove_computer = ✖ { $name }
# A human's seat in the lobby's buttons (two share a phone's line with a computer's).
lobby-seat_taken = { $n } · { $name }
lobby-add_placeholder = Додати комп'ютер…
lobby-add_option = { $seat }: комп'ютер, рівень «{ $level }»
lobby-leave = Вийти
lobby-timer = Таймер
lobby-timer_button_on = Таймер: { $seconds } с
lobby-timer_button_off = Таймер: вимк.
lobby-begin = Почати
lobby-cancel = Скасувати
lobby-cancelled = Стіл скасовано.

trick-lead = { $who } заходить: { $cards }
trick-beat = { $who } б'є: { $cards }
trick-molodka = { $who } викладає молодку поза чергою: { $cards }
trick-discard = { $who } скидає: { $cards }

table-title = Козел — кін { $n }
table-trump = козир: **{ $card }** ({ $suit }) · { $stock ->
        [0] колода порожня
        [one] у колоді { $stock } карта
        [few] у колоді { $stock } карти
       *[many] у колоді { $stock } карт
    }
table-dealer_mark = {" "}(роздає)
table-tricks = { $n ->
        [one] { $n } взятка
        [few] { $n } взятки
       *[many] { $n } взяток
    }
table-trick = Поточна взятка (по { $k ->
        [one] { $k } карті
        [few] { $k } карти
       *[many] { $k } карт
    })
table-trick_new = Поточна взятка
table-trick_empty = Поки нічого не зіграно.
table-trick_empty_last = У цій взятці поки нічого не зіграно.
table-series_score = Штрафні очки: А { $a } · Б { $b }{ $eggs ->
        [0] {""}
        [one] {" "}· { $eggs } яйце (60 : 60)
        [few] {" "}· { $eggs } яйця (60 : 60)
       *[many] {" "}· { $eggs } яєць (60 : 60)
    }
table-series_over = Партію закінчено.
table-waiting = Чекаємо…
table-turn_lead = Заходить { $who }.
table-turn_answer = Ходить { $who } — б'є або скидає { $k ->
        [one] { $k } карту
        [few] { $k } карти
       *[many] { $k } карт
    }.
# $when — позначка часу Discord, кожен клієнт покаже її як «через 30 секунд».
table-deadline = Час вийде { $when }.

move-lead = { $who }: захід, { $n ->
        [one] { $n } карта
        [few] { $n } карти
       *[many] { $n } карт
    }.
move-beat = { $who }: б'є { $n ->
        [one] { $n } карту
        [few] { $n } карти
       *[many] { $n } карт
    }.
move-discard = { $who }: скид, { $n ->
        [one] { $n } карта
        [few] { $n } карти
       *[many] { $n } карт
    }.
move-molodka = { $who }: молодка!
move-timed_out = (час вийшов: хід зробив комп'ютер)

hand-title = Ви — { $seat }
hand-molodka_possible = У вас молодка (чотири карти однієї масті): її можна оголосити зараз, поза чергою.
hand-choose = Виберіть хід…
hand-choose_molodka = Оголосити молодку…
hand-stale = Ці карти застаріли — ось ваші поточні.

result-title = Кін { $n } закінчено
result-eggs = **Яйця!** 60 : 60 — штрафних очок немає.
result-ratings = Рейтинг у лізі
result-rating_line = { $who }: { $before } → { $after } ({ $shift })
result-team_line = { $names }
    { $points ->
        [one] { $points } очко
        [few] { $points } очки
       *[many] { $points } очок
    } · { $tricks ->
        [one] { $tricks } взятка
        [few] { $tricks } взятки
       *[many] { $tricks } взяток
    }

series-title = Партію закінчено
series-winners = 🏆 { $names } виграли партію.
series-goats = Козли — { $names }! 🐐
series-goats_with_eggs = Козли з яйцями — { $names } ({ $eggs ->
        [one] { $eggs } яйце
        [few] { $eggs } яйця
       *[many] { $eggs } яєць
    })! 🐐🥚

button-my_hand = Мої карти
button-refresh = Оновити
button-rematch = Ще партію

stop-confirm = Зупинити гру за цим столом? Партію буде зараховано як покинуту.
stop-confirm_finished = Закрити стіл? Завершена партія лишиться в лізі.
stop-confirm_lobby = Закрити це лобі? Гри ще не було: нічого не запишеться.
stop-confirm_button = Зупинити гру
stop-done = Гру за цим столом зупинено.

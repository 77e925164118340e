# «Козёл»: лобби, стол, личные карты и итоги (русский).
# Ключ кода `table.seat_line` — сообщение `table-seat_line` (точки становятся дефисами).
# Текст, который начинается с пробела, пишется {" "}…; строка, начинающаяся с `*`, `[`
# или `.`, — {"*"}… (синтаксис Fluent). Формы множественного числа: one (1, 21, 31…),
# few (2–4, 22–24…), many (0, 5–20, 25…). Без прошедшего времени с родом («сбросил»):
# игроки бывают любого пола.

suit-clubs = трефы
suit-diamonds = бубны
suit-hearts = червы
suit-spades = пики

# Карта текстом: $rank — 6 7 8 9 10 J Q K A, $suit — значок масти (♣ ♦ ♥ ♠).
# Буквы те же, что на картинках карт (J Q K A), чтобы текст и картинка совпадали.
card-text = { $rank }{ $suit }

seat-label = Место { $n } ({ $team })
seat-number = Место { $n }
seat-label_long = Место { $n } · { $team }
seat-empty = — свободно —
seat-computer = 🤖 { $name } ({ $level })
seat-computer_short = 🤖 { $level }
seat-computer_plain = 🤖 { $name }
seat-away_suffix = {" "}(нет на месте — играет компьютер)

team-a = А
team-b = Б
team-a-long = Команда А
team-b-long = Команда Б
team-pair = { $first } и { $second }

level-random = лёгкий
level-heuristic = средний
level-strong = сильный
level-None = средний

computer-name = Компьютер { $n }

lobby-title = Козёл — новый стол
lobby-description = Четыре игрока, две команды; партнёры сидят напротив. Займите место или посадите компьютер. Хозяин стола начинает игру, когда заняты все четыре места. Впервые играете? Правила — { COMMAND("kozel rules") }.
lobby-started = Игра началась — стол ниже.
lobby-settings = Настройки
lobby-host = Хозяин стола: { $host }
lobby-timer_on = Таймер хода: { $seconds ->
        [one] { $seconds } секунда
        [few] { $seconds } секунды
       *[many] { $seconds } секунд
    } (потом ход сделает компьютер)
lobby-timer_off = Таймер хода: выключен
lobby-sit = Сесть: { $seat }
lobby-remove_computer = ✖ { $name }
# A human's seat in the lobby's buttons (two share a phone's line with a computer's).
lobby-seat_taken = { $n } · { $name }
lobby-add_placeholder = Добавить компьютер…
lobby-add_option = { $seat }: компьютер, уровень «{ $level }»
lobby-leave = Выйти
lobby-timer = Таймер
lobby-timer_button_on = Таймер: { $seconds } с
lobby-timer_button_off = Таймер: выкл.
lobby-begin = Начать
lobby-cancel = Отменить
lobby-cancelled = Стол отменён.

trick-lead = { $who } заходит: { $cards }
trick-beat = { $who } бьёт: { $cards }
trick-molodka = { $who } выкладывает молодку вне очереди: { $cards }
trick-discard = { $who } сбрасывает: { $cards }

table-title = Козёл — кон { $n }
table-trump = козырь: **{ $card }** ({ $suit }) · { $stock ->
        [0] колода пуста
        [one] в колоде { $stock } карта
        [few] в колоде { $stock } карты
       *[many] в колоде { $stock } карт
    }
table-dealer_mark = {" "}(сдаёт)
table-tricks = { $n ->
        [one] { $n } взятка
        [few] { $n } взятки
       *[many] { $n } взяток
    }
table-trick = Текущая взятка (по { $k ->
        [one] { $k } карте
        [few] { $k } карты
       *[many] { $k } карт
    })
table-trick_new = Текущая взятка
table-trick_empty = Пока ничего не сыграно.
table-trick_empty_last = В этой взятке пока ничего не сыграно.
table-series_score = Штрафные очки: А { $a } · Б { $b }{ $eggs ->
        [0] {""}
        [one] {" "}· { $eggs } яйцо (60 : 60)
        [few] {" "}· { $eggs } яйца (60 : 60)
       *[many] {" "}· { $eggs } яиц (60 : 60)
    }
table-series_over = Партия окончена.
table-waiting = Ждём…
table-turn_lead = Заходит { $who }.
table-turn_answer = Ходит { $who } — бьёт или сбрасывает { $k ->
        [one] { $k } карту
        [few] { $k } карты
       *[many] { $k } карт
    }.
# $when — отметка времени Discord, каждый клиент покажет её как «через 30 секунд».
table-deadline = Время выйдет { $when }.

move-lead = { $who }: заход, { $n ->
        [one] { $n } карта
        [few] { $n } карты
       *[many] { $n } карт
    }.
move-beat = { $who }: бьёт { $n ->
        [one] { $n } карту
        [few] { $n } карты
       *[many] { $n } карт
    }.
move-discard = { $who }: сброс, { $n ->
        [one] { $n } карта
        [few] { $n } карты
       *[many] { $n } карт
    }.
move-molodka = { $who }: молодка!
move-timed_out = (время вышло: ход сделал компьютер)

hand-title = Вы — { $seat }
hand-molodka_possible = У вас молодка (четыре карты одной масти): её можно объявить сейчас, вне очереди.
hand-choose = Выберите ход…
hand-choose_molodka = Объявить молодку…
hand-stale = Эти карты устарели — вот ваши текущие.

result-title = Кон { $n } окончен
result-eggs = **Яйца!** 60 : 60 — штрафных очков нет.
result-ratings = Рейтинг в лиге
result-rating_line = { $who }: { $before } → { $after } ({ $shift })
result-team_line = { $names }
    { $points ->
        [one] { $points } очко
        [few] { $points } очка
       *[many] { $points } очков
    } · { $tricks ->
        [one] { $tricks } взятка
        [few] { $tricks } взятки
       *[many] { $tricks } взяток
    }

series-title = Партия окончена
series-winners = 🏆 { $names } выиграли партию.
series-goats = Козлы — { $names }! 🐐
series-goats_with_eggs = Козлы с яйцами — { $names } ({ $eggs ->
        [one] { $eggs } яйцо
        [few] { $eggs } яйца
       *[many] { $eggs } яиц
    })! 🐐🥚

button-my_hand = Мои карты
button-refresh = Обновить
button-rematch = Ещё партию

stop-confirm = Остановить игру за этим столом? Партия будет считаться брошенной.
stop-confirm_finished = Закрыть стол? Законченная партия останется в лиге.
stop-confirm_lobby = Закрыть это лобби? Игры ещё не было: ничего не запишется.
stop-confirm_button = Остановить игру
stop-done = Игра за этим столом остановлена.

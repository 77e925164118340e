# Личная доска («Мои карты») и её меню ходов (ui/board.py, ui/moves.py).

opt-trump = { $card } (козырь)
opt-keeps = {" "}· в руке { $cards }
opt-pair = { $new } бьёт { $old }
opt-takes = взятка ваша
opt-on_top = пока ваша
opt-beat = Побить: { $cards }
opt-beat_desc = { $outcome } · { $pairs }
# In a beat of several cards, one of its pairs (several are joined by commas).
opt-pair_short = { $new } на { $old }
# A discard of three or four cards: how many are trumps, before $rest (its description).
opt-trumps_first = { $n ->
        [one] { $n } козырь
        [few] { $n } козыря
       *[many] { $n } козырей
    } · { $rest }
opt-discard = Сбросить: { $cards }
# $side is empty, opt-now_ours or opt-now_foes: who is winning the trick now.
opt-discard_desc = во взятку { $points ->
        [0] ничего
        [one] { $points } очко
        [few] { $points } очка
       *[many] { $points } очков
    }{ $side }{ $kept }
opt-now_ours = {" "}(берёт партнёр)
opt-now_foes = {" "}(берёт соперник)
opt-discard_desc_foes = { $points ->
        [0] соперникам ничего
        [one] соперникам { $points } очко
        [few] соперникам { $points } очка
       *[many] соперникам { $points } очков
    }
opt-discard_desc_ours = { $points ->
        [0] своей команде ничего
        [one] своей команде { $points } очко
        [few] своей команде { $points } очка
       *[many] своей команде { $points } очков
    }
# After the cards of a discard of two cards, how many of them are trumps.
opt-trumps_in = {" "}({ $n ->
        [one] { $n } козырь
        [few] { $n } козыря
       *[many] { $n } козырей
    })
opt-lead = Зайти: { $cards }
opt-lead_desc = { $trump ->
        [yes] { $n ->
            [one] козырь,{" "}
            [few] { $n } козыря,{" "}
           *[many] { $n } козырей,{" "}
        }
       *[no] {""}
    }{ $points ->
        [one] { $points } очко
        [few] { $points } очка
       *[many] { $points } очков
    }{ $kept }
opt-lead_molodka = Молодка! Зайти: { $cards }
opt-lead_molodka_desc = { $points ->
        [one] { $points } очко
        [few] { $points } очка
       *[many] { $points } очков
    } · сверху молодку не положить
opt-molodka = Молодка! { $cards }
opt-molodka_desc = вне очереди: взятка начнётся с вас

board-your_lead = **Ваш заход**: { $max ->
        [1] одна карта
       *[other] от 1 до { $max } карт одной масти
    }.
board-lead_molodka = У вас молодка (четыре карты одной масти): можно зайти всеми четырьмя.
board-your_answer = **Ваш ход**: побейте { $top } или сбросьте { $k ->
        [one] { $k } карту
        [few] { $k } карты
       *[many] { $k } карт
    }.
board-no_beat = **Ваш ход**: { $k ->
        [one] побить { $top } нечем
       *[other] побить все карты { $top } нечем
    } — сбросьте { $k ->
        [one] { $k } карту
        [few] { $k } карты
       *[many] { $k } карт
    }.
board-waiting = Ход: { $role } { $who }.
board-away = ⏸️ Вас нет на месте: за вас играет компьютер. Выберите ход или нажмите «Обновить», чтобы вернуться в игру.
board-role_you = вы
board-role_partner = ваш партнёр
board-role_opponent = соперник
board-on_top = Сейчас берёт { $role } { $who } — { $cards }
board-on_top_you = Сейчас берёте вы — { $cards }
board-team = Партнёр: { $partner } · соперники: { $first }, { $second }
board-trump = Козырь: { $card } ({ $suit }) · { $stock ->
        [0] колода пуста
        [one] в колоде { $stock } карта
        [few] в колоде { $stock } карты
       *[many] в колоде { $stock } карт
    }
board-hand = Ваши карты: { $cards }

board-pic_trump = Козырь
board-pic_stock = Колода
board-pic_turn = Ход
board-pic_winning = Берёт
board-pic_took = Взято
board-pic_your_hand = Ваши карты
board-pic_you = Вы
board-pic_last_trick = Прошлая взятка
board-pic_your_turn = Ваш ход

# Особиста дошка («Мої карти») та її меню ходів (ui/board.py, ui/moves.py).

opt-trump = { $card } (козир)
opt-keeps = {" "}· на руці { $cards }
opt-pair = { $new } б'є { $old }
opt-takes = взятка ваша
opt-on_top = поки що берете ви
opt-beat = Побити: { $cards }
opt-beat_desc = { $outcome } · { $pairs }
# In a beat of several cards, one of its pairs (several are joined by commas).
opt-pair_short = { $new } на { $old }
# A discard of three or four cards: how many are trumps, before $rest (its description).
opt-trumps_first = { $n ->
        [one] { $n } козир
        [few] { $n } козирі
       *[many] { $n } козирів
    } · { $rest }
opt-discard = Скинути: { $cards }
# $side is empty, opt-now_ours or opt-now_foes: who is winning the trick now.
opt-discard_desc = у взятку { $points ->
        [0] нічого
        [one] { $points } очко
        [few] { $points } очки
       *[many] { $points } очок
    }{ $side }{ $kept }
opt-now_ours = {" "}(бере партнер)
opt-now_foes = {" "}(бере суперник)
opt-discard_desc_foes = { $points ->
        [0] суперникам нічого
        [one] суперникам { $points } очко
        [few] суперникам { $points } очки
       *[many] суперникам { $points } очок
    }
opt-discard_desc_ours = { $points ->
        [0] своїй команді нічого
        [one] своїй команді { $points } очко
        [few] своїй команді { $points } очки
       *[many] своїй команді { $points } очок
    }
# After the cards of a discard of two cards, how many of them are trumps.
opt-trumps_in = {" "}({ $n ->
        [one] { $n } козир
        [few] { $n } козирі
       *[many] { $n } козирів
    })
opt-lead = Зайти: { $cards }
opt-lead_desc = { $trump ->
        [yes] { $n ->
            [one] козир,{" "}
            [few] { $n } козирі,{" "}
           *[many] { $n } козирів,{" "}
        }
       *[no] {""}
    }{ $points ->
        [one] { $points } очко
        [few] { $points } очки
       *[many] { $points } очок
    }{ $kept }
opt-lead_molodka = Молодка! Зайти: { $cards }
opt-lead_molodka_desc = { $points ->
        [one] { $points } очко
        [few] { $points } очки
       *[many] { $points } очок
    } · зверху молодку не покласти
opt-molodka = Молодка! { $cards }
opt-molodka_desc = поза чергою: взятка почнеться з вас

board-your_lead = **Ви заходите**: { $max ->
        [1] одна карта
       *[other] від 1 до { $max } карт однієї масті
    }.
board-lead_molodka = У вас молодка (чотири карти однієї масті): можна зайти всіма чотирма.
board-your_answer = **Ваш хід**: побийте { $top } або скиньте { $k ->
        [one] { $k } карту
        [few] { $k } карти
       *[many] { $k } карт
    }.
board-no_beat = **Ваш хід**: { $k ->
        [one] немає чим побити { $top }
       *[other] немає чим побити всі карти { $top }
    } — скиньте { $k ->
        [one] { $k } карту
        [few] { $k } карти
       *[many] { $k } карт
    }.
board-waiting = Хід: { $role } { $who }.
board-away = ⏸️ Вас немає на місці: за вас грає комп'ютер. Виберіть хід або натисніть «Оновити», щоб повернутися до гри.
board-role_you = ви
board-role_partner = ваш партнер
board-role_opponent = суперник
board-on_top = Зараз бере { $role } { $who } — { $cards }
board-on_top_you = Зараз берете ви — { $cards }
board-team = Партнер: { $partner } · суперники: { $first }, { $second }
board-trump = Козир: { $card } ({ $suit }) · { $stock ->
        [0] колода порожня
        [one] у колоді { $stock } карта
        [few] у колоді { $stock } карти
       *[many] у колоді { $stock } карт
    }
board-hand = Ваші карти: { $cards }

board-pic_trump = Козир
board-pic_stock = Колода
board-pic_turn = Хід
board-pic_winning = Бере
board-pic_took = Взято
board-pic_your_hand = Ваші карти
board-pic_you = Ви
board-pic_last_trick = Остання взятка
board-pic_your_turn = Ваш хід

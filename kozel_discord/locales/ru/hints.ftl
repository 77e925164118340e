# Подсказки в партиях не в зачёт лиги: кнопка в лобби, отметка на столе, ответ «Подсказка».

hints-lobby_on = 💡 Подсказки включены: эта партия не пойдёт в зачёт лиги
hints-lobby_ranked = 💡 Подсказки выключатся при старте: партия четырёх игроков-людей идёт в зачёт лиги
hints-table_on = 💡 Подсказки включены: эта партия не идёт в зачёт лиги
hints-button = Подсказка
lobby-hints_button_on = Подсказки: вкл.
lobby-hints_button_off = Подсказки: выкл.

hints-line = 💡 **Подсказка**: { $move } — { $reason }.
hints-move_lead = зайти с { $cards }
hints-move_beat = побить картами { $cards }
hints-move_beat_one = побить картой { $cards }
hints-move_discard = сбросить { $cards }
hints-move_molodka = объявить молодку { $cards }

hints-stale = Пока компьютер думал, игра ушла вперёд — вот ваши карты сейчас.
hints-reason_molodka = четыре карты одной масти: молодка, все отвечают четырьмя картами
hints-reason_takes = забирает взятку { $points ->
        [0] (очков в ней нет, зато ход ваш)
        [one] — видно { $points } очко
        [few] — видно { $points } очка
       *[many] — видно { $points } очков
    }
hints-reason_takes_trump = козырь забирает взятку { $points ->
        [0] (очков в ней нет, зато ход ваш)
        [one] — видно { $points } очко
        [few] — видно { $points } очка
       *[many] — видно { $points } очков
    }
hints-reason_on_top = ложится сверху простыми картами, козыри остаются у вас
hints-reason_on_top_trump = простыми не побить: сверху ложится козырь
hints-reason_on_top_with_trump = сверху ложится козырь, а простые карты остаются на потом
hints-reason_feed = сверху ваш партнёр: отдайте ему { $points ->
        [one] { $points } очко
        [few] { $points } очка
       *[many] { $points } очков
    }
hints-reason_cheap_discard = { $points ->
        [0] во взятку не уходит ни одного очка
        [one] во взятку уходит всего { $points } очко, меньше нельзя
        [few] во взятку уходит всего { $points } очка, меньше нельзя
       *[many] во взятку уходит всего { $points } очков, меньше нельзя
    }
hints-reason_keep_discard = { $points ->
        [one] во взятку уходит { $points } очко, но нужные карты остаются на потом
        [few] во взятку уходит { $points } очка, но нужные карты остаются на потом
       *[many] во взятку уходит { $points } очков, но нужные карты остаются на потом
    }
hints-reason_lead_trumps = ход козырями выманивает козыри соперников
hints-reason_lead_strong = сильная карта, её трудно побить
hints-reason_lead_cheap = дешёвый ход: очки и козыри остаются у вас
hints-reason_lead_suit = { $n ->
        [one] { $n } карту одной масти трудно побить
        [few] { $n } карты одной масти трудно побить
       *[many] { $n } карт одной масти трудно побить
    }

error-hints_not_allowed = На этом сервере подсказки запрещены (решают админы через { COMMAND("kozel settings") }).
error-hints_ranked = На этом сервере каждая партия идёт в зачёт лиги: подсказки только в партиях не в зачёт лиги.
error-hints_off = За этим столом подсказки выключены.
error-hint_not_now = Подсказка — только в свой ход.

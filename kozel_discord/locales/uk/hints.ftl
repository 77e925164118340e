# Підказки в партіях не в залік ліги: кнопка в лобі, позначка на столі, відповідь «Підказка».

hints-lobby_on = 💡 Підказки ввімкнено: ця партія не піде в залік ліги
hints-lobby_ranked = 💡 Підказки вимкнуться на старті: партія чотирьох гравців-людей іде в залік ліги
hints-table_on = 💡 Підказки ввімкнено: ця партія не йде в залік ліги
hints-button = Підказка
lobby-hints_button_on = Підказки: увімк.
lobby-hints_button_off = Підказки: вимк.

hints-line = 💡 **Підказка**: { $move } — { $reason }.
hints-move_lead = зайти з { $cards }
hints-move_beat = побити картами { $cards }
hints-move_beat_one = побити картою { $cards }
hints-move_discard = скинути { $cards }
hints-move_molodka = оголосити молодку { $cards }

hints-stale = Поки комп'ютер думав, гра пішла далі — ось ваші карти зараз.
hints-reason_molodka = чотири карти однієї масті: молодка, усі відповідають чотирма картами
hints-reason_takes = забирає взятку { $points ->
        [0] (очок у ній немає, зате хід ваш)
        [one] — видно { $points } очко
        [few] — видно { $points } очки
       *[many] — видно { $points } очок
    }
hints-reason_takes_trump = козир забирає взятку { $points ->
        [0] (очок у ній немає, зате хід ваш)
        [one] — видно { $points } очко
        [few] — видно { $points } очки
       *[many] — видно { $points } очок
    }
hints-reason_on_top = лягає зверху простими картами, козирі лишаються у вас
hints-reason_on_top_trump = простими не побити: зверху лягає козир
hints-reason_on_top_with_trump = зверху лягає козир, а прості карти лишаються на потім
hints-reason_feed = зверху ваш партнер: віддайте партнерові { $points ->
        [one] { $points } очко
        [few] { $points } очки
       *[many] { $points } очок
    }
hints-reason_cheap_discard = { $points ->
        [0] у взятку не йде жодного очка
        [one] у взятку йде лише { $points } очко, менше не можна
        [few] у взятку йдуть лише { $points } очки, менше не можна
       *[many] у взятку йде лише { $points } очок, менше не можна
    }
hints-reason_keep_discard = { $points ->
        [one] у взятку йде { $points } очко, але потрібні карти лишаються на потім
        [few] у взятку йдуть { $points } очки, але потрібні карти лишаються на потім
       *[many] у взятку йде { $points } очок, але потрібні карти лишаються на потім
    }
hints-reason_lead_trumps = хід козирями виманює козирі суперників
hints-reason_lead_strong = сильна карта, її важко побити
hints-reason_lead_cheap = дешевий хід: очки й козирі лишаються у вас
hints-reason_lead_suit = { $n ->
        [one] { $n } карту однієї масті важко побити
        [few] { $n } карти однієї масті важко побити
       *[many] { $n } карт однієї масті важко побити
    }

error-hints_not_allowed = На цьому сервері підказки заборонені (вирішують адміни через { COMMAND("kozel settings") }).
error-hints_ranked = На цьому сервері кожна партія йде в залік ліги: підказки лише в партіях не в залік ліги.
error-hints_off = За цим столом підказки вимкнено.
error-hint_not_now = Підказка — лише у свій хід.

# The public table message (components v2) and its picture.
table-winning = 👑 Сейчас берёт: { $who }
table-last_trick = **Прошлая взятка:** её берёт { $who } ({ $cards })
table-game_over = **Кон { $n } окончен.**
table-trump_short = козырь { $card }
table-defeat_points = Штрафные очки (партия до { $target }): { $a } · { $b }
table-eggs = Яиц за партию: { $n }

button-last_tricks = Взятки кона
tricks-title = Кон { $n }: { $total ->
        [one] сыграна { $total } взятка
        [few] сыграно { $total } взятки
       *[many] сыграно { $total } взяток
    }
tricks-none = В этом коне взяток ещё не было.
tricks-taker = Взятку берёт { $who } ({ $team })

picture-trump = Козырь
picture-stock = Колода
picture-turn = Ход
picture-winning = Берёт
picture-took = Взято
picture-last_trick = Прошлая взятка
picture-tricks = Взятки
picture-defeat_points = Штрафные очки
picture-eggs = Яйца
picture-game = Кон
picture-dealer = Сдаёт
picture-no_cards = Нет карт
picture-molodka = Молодка
picture-goats = Козлы
# Per team (a dot and its number each), in the list of tricks and a replay's step.
table-points_so_far = Очки пока (только открытые карты): { $a } · { $b }
table-discards_hidden = Сброшенные карты остаются рубашкой вверх: их очки видны только в итоговом счёте.

# The alternative text of the pictures (what a screen reader says instead of "table.png").
alt-table = Изображение стола. Козырь { $trump }. { $trick }
alt-hand = Изображение ваших карт: { $cards }. Козырь { $trump }. { $trick }
alt-no_hand = карт нет
alt-on_table = На столе: { $plays }.
alt-last_trick = Прошлая взятка, её берёт { $who }: { $plays }.
alt-no_cards = На столе нет карт.
alt-play = { $who }: { $cards }
alt-discard = { $who }: { $n ->
        [one] { $n } карта
        [few] { $n } карты
       *[many] { $n } карт
    } рубашкой вверх

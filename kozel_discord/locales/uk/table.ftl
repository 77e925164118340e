# The public table message (components v2) and its picture.
table-winning = 👑 Зараз бере: { $who }
table-last_trick = **Остання взятка:** її бере { $who } ({ $cards })
table-game_over = **Кін { $n } закінчено.**
table-trump_short = козир { $card }
table-defeat_points = Штрафні очки (партія до { $target }): { $a } · { $b }
table-eggs = Яєць за партію: { $n }

button-last_tricks = Взятки кону
tricks-title = Кін { $n }: { $total ->
        [one] зіграна { $total } взятка
        [few] зіграно { $total } взятки
       *[many] зіграно { $total } взяток
    }
tricks-none = У цьому кону взяток ще не було.
tricks-taker = Взятку бере { $who } ({ $team })

picture-trump = Козир
picture-stock = Колода
picture-turn = Хід
picture-winning = Бере
picture-took = Взято
picture-last_trick = Остання взятка
picture-tricks = Взятки
picture-defeat_points = Штрафні очки
picture-eggs = Яйця
picture-game = Кін
picture-dealer = Роздає
picture-no_cards = Немає карт
picture-molodka = Молодка
picture-goats = Козли
# Per team (a dot and its number each), in the list of tricks and a replay's step.
table-points_so_far = Очки поки що (лише відкриті карти): { $a } · { $b }
table-discards_hidden = Скинуті карти лишаються сорочкою догори: їхні очки видно лише в підсумковому рахунку.

# The alternative text of the pictures (what a screen reader says instead of "table.png").
alt-table = Зображення столу. Козир { $trump }. { $trick }
alt-hand = Зображення ваших карт: { $cards }. Козир { $trump }. { $trick }
alt-no_hand = карт немає
alt-on_table = На столі: { $plays }.
alt-last_trick = Остання взятка, її бере { $who }: { $plays }.
alt-no_cards = На столі немає карт.
alt-play = { $who }: { $cards }
alt-discard = { $who }: { $n ->
        [one] { $n } карта
        [few] { $n } карти
       *[many] { $n } карт
    } сорочкою догори

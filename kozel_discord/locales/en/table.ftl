# The public table message (components v2) and its picture.
table-winning = 👑 Winning: { $who }
table-last_trick = **Last trick:** { $who } took it with { $cards }
table-game_over = **Game { $n } is over.**
table-trump_short = trump { $card }
table-defeat_points = Defeat points (series to { $target }): { $a } · { $b }
table-eggs = Eggs so far: { $n }

button-last_tricks = Tricks so far
tricks-title = Game { $n }: { $total ->
        [one] { $total } trick
       *[other] { $total } tricks
    } so far
tricks-none = No trick has been taken in this game yet.
tricks-taker = { $who } took it ({ $team })

picture-trump = Trump
picture-stock = Stock
picture-turn = Turn
picture-winning = Winning
picture-took = Took it
picture-last_trick = Last trick
picture-tricks = Tricks
picture-defeat_points = Defeat points
picture-eggs = Eggs
picture-game = Game
picture-dealer = Dealer
picture-no_cards = No cards
picture-molodka = Molodka
picture-goats = Goats
# Per team (a dot and its number each), in the list of tricks and a replay's step.
table-points_so_far = Card points so far, face-up cards only: { $a } · { $b }
table-discards_hidden = Discards stay face down: their card points count only in the final score.

# The alternative text of the pictures (what a screen reader says instead of "table.png").
alt-table = Picture of the table. Trump { $trump }. { $trick }
alt-hand = Picture of your hand: { $cards }. Trump { $trump }. { $trick }
alt-no_hand = no cards
alt-on_table = On the table: { $plays }.
alt-last_trick = Last trick, taken by { $who }: { $plays }.
alt-no_cards = No cards on the table.
alt-play = { $who }: { $cards }
alt-discard = { $who }: { $n ->
        [one] { $n } card
       *[other] { $n } cards
    } face down

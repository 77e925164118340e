# The private board ("My hand") and its move menu (ui/board.py, ui/moves.py).

# Move menu options: the label names the cards, the description says what the move does.
opt-trump = { $card } (trump)
opt-keeps = {" "}· keeps { $cards }
opt-pair = { $new } beats { $old }
opt-takes = takes the trick
opt-on_top = winning so far
opt-beat = Beat with { $cards }
opt-beat_desc = { $outcome } · { $pairs }
# In a beat of several cards, one of its pairs (several are joined by commas).
opt-pair_short = { $new } on { $old }
# A discard of three or four cards: how many are trumps, before $rest (its description).
opt-trumps_first = { $n ->
        [one] { $n } trump
       *[other] { $n } trumps
    } · { $rest }
opt-discard = Discard { $cards }
# $kept (here and in opt-lead_desc) is empty or opt-keeps. A trump discarded is marked in
# the label; the last play says whose the points become and leaves out the kept cards.
# $side is empty, opt-now_ours or opt-now_foes: who is winning the trick now.
opt-discard_desc = { $points ->
        [0] worth nothing
        [one] { $points } point into the trick
       *[other] { $points } points into the trick
    }{ $side }{ $kept }
opt-now_ours = {" "}(partner winning)
opt-now_foes = {" "}(opponent winning)
opt-discard_desc_foes = { $points ->
        [0] gives the opponents nothing
        [one] gives the opponents { $points } point
       *[other] gives the opponents { $points } points
    }
opt-discard_desc_ours = { $points ->
        [0] gives your team nothing
        [one] gives your team { $points } point
       *[other] gives your team { $points } points
    }
# After the cards of a discard of two cards, how many of them are trumps.
opt-trumps_in = {" "}({ $n ->
        [one] { $n } trump
       *[other] { $n } trumps
    })
opt-lead = Lead { $cards }
# $trump is yes (a lead of trumps) or no.
opt-lead_desc = { $trump ->
        [yes] { $n ->
            [one] trump,{" "}
           *[other] { $n } trumps,{" "}
        }
       *[no] {""}
    }{ $points ->
        [one] { $points } point
       *[other] { $points } points
    }{ $kept }
opt-lead_molodka = Molodka! Lead { $cards }
opt-lead_molodka_desc = { $points ->
        [one] { $points } point
       *[other] { $points } points
    } · no molodka can go over it
opt-molodka = Molodka! { $cards }
opt-molodka_desc = out of turn: the trick restarts from you

# The first line of the board: what you must do now.
board-your_lead = **Your lead**: { $max ->
        [1] one card
       *[other] 1 to { $max } cards of one suit
    }.
board-lead_molodka = You hold a molodka (four cards of one suit): you may lead all four.
board-your_answer = **Your turn**: beat { $top } or discard { $k ->
        [one] { $k } card
       *[other] { $k } cards
    }.
board-no_beat = **Your turn**: { $k ->
        [one] nothing of yours beats { $top }
       *[other] you cannot beat all of { $top }
    } — discard { $k ->
        [one] { $k } card
       *[other] { $k } cards
    }.
board-waiting = Waiting for { $role } { $who }.
board-away = ⏸️ You are away: the computer plays for you. Pick a move or press Refresh to play again.
board-role_you = you
board-role_partner = your partner
board-role_opponent = opponent
board-on_top = Winning: { $role } { $who } with { $cards }
board-on_top_you = Winning: you, with { $cards }
board-team = Partner: { $partner } · opponents: { $first }, { $second }
board-trump = Trump: { $card } ({ $suit }) · { $stock ->
        [0] the stock is empty
        [one] stock: { $stock } card
       *[other] stock: { $stock } cards
    }
board-hand = Your cards: { $cards }

# Words in the board's picture.
board-pic_trump = Trump
board-pic_stock = Stock
board-pic_turn = Turn
board-pic_winning = Winning
board-pic_took = Took it
board-pic_your_hand = Your hand
board-pic_you = You
board-pic_last_trick = Last trick
board-pic_your_turn = Your turn

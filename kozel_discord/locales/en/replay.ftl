# Replays and exports of finished games: /league game, and the "Replay a game" menu of the
# history and of profiles (English).

cmd-game-name = game
cmd-game-desc = Replay a finished game of this server, trick by trick
cmd-game-id_name = id
cmd-game-id = The game's number (#…), listed under /league history and profiles
cmd-game-public_name = public
cmd-game-public = Post the replay in the channel (default: only you see it)

replay-title = 🎬 **Replay of game #{ $id }** · game { $n } of the series · { $when }
replay-trick = **Trick { $n } of { $total }**
replay-took = **{ $who } took it** with { $cards } · { $points ->
        [one] { $points } face-up card point
       *[other] { $points } face-up card points
    }
replay-tricks_so_far = Tricks so far: { $a } · { $b }
replay-result_title = Game { $n }: the result
replay-card_points = Card points, discards included: { $a } · { $b }
replay-export = Export JSON
replay-exported = The record of game #{ $id }: its seed and every move, exactly as stored. `kozel-discord verify` and `kozel-discord simulate` read this file.
replay-pick = 🎬 Replay a game…
replay-pick_hint = 🎬 Replay a game: pick it in the menu below, or use { COMMAND_NAME("league game") } with its #number.
replay-option = #{ $id } · { $date } · game { $n } of the series
replay-option_lost = { $dp ->
        [one] { $dp } defeat point
       *[other] { $dp } defeat points
    } to { $team }
replay-option_eggs = eggs, 60 : 60 · no defeat points
replay-option_computers = 🤖 the computers

error-game_not_found = There is no finished game #{ $id }. Recent games are listed under { COMMAND("league history") }.
error-game_other_guild = Game #{ $id } was played on another server: replays show this server's games only.
error-game_unreadable = The record of game #{ $id } cannot be replayed.

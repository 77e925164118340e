# The flow of a game: why a game was scored as it was, the series recap, turn pings,
# votes and idle tables (English).

result-reason-no_trick = **{ $team } takes { $dp ->
        [one] { $dp } defeat point
       *[other] { $dp } defeat points
    }**: no trick taken at all.
result-reason-thirty_or_fewer = **{ $team } takes { $dp ->
        [one] { $dp } defeat point
       *[other] { $dp } defeat points
    }**: it took only { $points ->
        [one] { $points } card point
       *[other] { $points } card points
    } (30 or fewer).
result-reason-under_sixty = **{ $team } takes { $dp ->
        [one] { $dp } defeat point
       *[other] { $dp } defeat points
    }**: it took { $points ->
        [one] { $points } card point
       *[other] { $points } card points
    } (31 to 59).
result-progress = Series to { $target ->
        [one] { $target } defeat point
       *[other] { $target } defeat points
    }
result-bar = { $team } { $bar } { $points }/{ $target }

series-recap = Recap
series-recap_counts = { $games ->
        [one] { $games } game
       *[other] { $games } games
    }{ $eggs ->
        [0] {""}
        [one] {" "}· { $eggs } egg
       *[other] {" "}· { $eggs } eggs
    }
series-best_trick = Biggest trick: { $who } took { $points ->
        [one] { $points } card point face up
       *[other] { $points } card points face up
    } ({ $cards ->
        [one] { $cards } card in the trick
       *[other] { $cards } cards in the trick
    }) in game { $n }.
series-games = Games: card points A : B — defeat points
series-game_line = { $n }. { $a } : { $b } — { $outcome }
series-outcome-no_trick = { $team } +{ $dp } (no trick)
series-outcome-thirty_or_fewer = { $team } +{ $dp } (30 or fewer)
series-outcome-under_sixty = { $team } +{ $dp } (31–59)
series-outcome_eggs = eggs 🥚
series-earlier_games = … { $n ->
        [one] { $n } earlier game
       *[other] { $n } earlier games
    }

cmd-pings-name = pings
cmd-pings-desc = Turn your turn pings at this table on or off
cmd-pings-state = On or off
cmd-pings-state_name = state
cmd-vote-name = vote
cmd-vote-desc = Vote against a host who keeps the game waiting
cmd-vote-what = What to vote for
cmd-vote-what_name = what
choice-on = on
choice-off = off
choice-vote-stop = stop the table
choice-vote-timer = turn the move timer on

ping-turn = { $user }, it is your turn.
ping-reminder = { $user }, your time for this move is almost up.
ping-on = Turn pings are on for you at this table.
ping-off = Turn pings are off for you at this table. { COMMAND("kozel pings") } turns them on again.

vote-yours = Your vote is counted: { $n } of { $total }.
vote-stop-counted = A vote to stop this table: { $n } of { $total }.
vote-timer-counted = A vote to turn the move timer on: { $n } of { $total }.
vote-stop-passed = The other players voted: this table is stopped.
vote-timer-passed = The other players voted: the move timer is on now.

idle-closed = This table was closed: nothing happened at it for a long time. The series counts as abandoned.
idle-closed_message = This table was closed for inactivity.

error-no_human = A table needs at least one human player.
error-vote_not_open = There is nothing to vote on: the host is not keeping the game waiting.
error-vote_not_allowed = Only the other players at this table can vote.
error-already_voted = You have already voted.
error-timer_already_on = The move timer is already on.

cmd-settings-name = settings
cmd-settings-desc = This server's table settings (Manage Server)
cmd-settings-threads = A thread per table for its game (leave empty to see the setting)
cmd-settings-threads_name = threads
settings-threads_on = Each table's game runs in its own thread (if the bot may create threads here); the lobby stays in the channel.
settings-threads_off = Games run in the channel itself, without threads.
thread-name = Kozel — { $names }
ping-button = 🔔 Ping me on my turn
rematch-started = 🔁 The next series has already started: here is your hand.

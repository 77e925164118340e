# Refused requests (error-*, the service's error keys) and why a move is not allowed (reason-*).
# COMMAND("kozel start") is the command as a clickable mention, which Discord shows under its
# English name in every client; in other languages the localised name follows in brackets.
# Without the command's id: only the name the reader's command menu shows.

error-table_exists = There is already a table in this channel.
error-in_table_thread = This thread belongs to a table of { $channel }: start a new table in that channel.
error-try_again = The database is not answering right now — nothing was changed. Please try again in a moment.
error-bad_seat = That seat is not available.
error-already_there = You are already sitting there.
error-seat_taken = Seat { $seat } is taken.
error-no_computer = Seat { $seat } has no computer player now.
error-not_seated = You are not sitting at this table.
error-bad_level = Unknown computer level.
error-sit_first = Sit at the table first.
error-host_only = Only the host, { $host }, can change the table's settings.
error-host_only_start = Only the host, { $host }, can start the series.
error-host_only_cancel = Only the host, { $host }, can cancel this table.
error-seats_empty = All four seats must be filled first.
error-not_finished = The series is still running.
error-already_started = The game has already started.
error-not_playing = No game is running at this table.
error-not_your_seat = This is not your seat — these controls belong to another player.
error-stale = This hand is out of date.
error-illegal = That move is not allowed.
error-no_table = There is no table in this channel. Start one with { COMMAND("kozel start") }.
error-old_table = These controls belong to a table that is over.
error-stop_not_allowed = Only the host or someone with Manage Server can stop the game.
error-stop_changed = The table has changed since this question was asked (the game has started or ended): nothing was stopped. Ask again with { COMMAND_NAME("kozel stop") }.
error-guild_only = This works only in a server channel.
error-bad_control = This control is not valid any more.
error-wrong_guild = This channel's table belongs to another server.
error-bad_option = The value given for “{ $option }” is not valid.
error-not_a_member = “{ $option }” must be a member of this server.
error-not_allowed = You are not allowed to do that.
error-internal = Something went wrong on our side; nothing was changed. Please try again.
error-bad_sort = Unknown sort order.

reason-not_your_turn = It is not your turn.
reason-no_such_seat = There is no such seat.
reason-card_not_in_hand = That card is not in your hand.
reason-duplicate_card = The same card was named twice.
reason-wrong_number_of_cards = Play exactly as many cards as were led.
reason-mixed_suit_lead = A lead is of one suit only.
reason-does_not_beat = Those cards do not beat the cards on top.
reason-molodka_not_allowed = A molodka is not allowed now.
reason-not_a_lead_now = The trick has already been led.
reason-must_lead = You open this trick: lead first.
reason-game_over = The game is over.
reason-bad_action = That is not a move.
error-bot_permissions = I can't host a table in this channel. I'm missing these permissions here: { $perms }. Ask someone who manages the server to allow them for me (the channel's settings › Permissions).
perm-view_channel = View Channel
perm-send_messages = Send Messages
perm-send_messages_in_threads = Send Messages in Threads
perm-embed_links = Embed Links
perm-attach_files = Attach Files
perm-read_message_history = Read Message History

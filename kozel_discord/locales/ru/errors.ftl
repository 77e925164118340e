# Отказы (error-*, ключи ошибок сервиса) и почему ход невозможен (reason-*).
# COMMAND("kozel start") — команда кликабельным упоминанием (Discord показывает его
# английское название) и за ним в скобках русское: «/kozel start (/козёл начать)»;
# если бот не знает id команды — только «/козёл начать».

error-table_exists = В этом канале уже есть стол.
error-in_table_thread = Эта ветка принадлежит столу из канала { $channel }: новый стол начните в том канале.
error-try_again = База данных сейчас не отвечает — ничего не изменилось. Попробуйте ещё раз через минуту.
error-bad_seat = Это место недоступно.
error-already_there = Вы уже сидите на этом месте.
error-seat_taken = Место { $seat } занято.
error-no_computer = На месте { $seat } уже нет компьютера.
error-not_seated = Вы не сидите за этим столом.
error-bad_level = Неизвестный уровень компьютера.
error-sit_first = Сначала сядьте за стол.
error-host_only = Менять настройки может только хозяин стола — { $host }.
error-host_only_start = Начать партию может только хозяин стола — { $host }.
error-host_only_cancel = Отменить этот стол может только хозяин стола — { $host }.
error-seats_empty = Сначала нужно занять все четыре места.
error-not_finished = Партия ещё идёт.
error-already_started = Игра уже началась.
error-not_playing = За этим столом сейчас не играют.
error-not_your_seat = Это не ваше место — эти кнопки принадлежат другому игроку.
error-stale = Эти карты устарели.
error-illegal = Такой ход невозможен.
error-no_table = В этом канале нет стола. Начните игру командой { COMMAND("kozel start") }.
error-old_table = Эти кнопки относятся к законченной игре.
error-stop_not_allowed = Остановить игру может хозяин стола или тот, у кого есть право «Управлять сервером».
error-stop_changed = Стол изменился с тех пор, как был задан этот вопрос (игра началась или закончилась): ничего не остановлено. Спросите снова: { COMMAND_NAME("kozel stop") }.
error-guild_only = Это работает только в канале сервера.
error-bad_control = Эта кнопка больше не действует.
error-wrong_guild = Стол в этом канале относится к другому серверу.
error-bad_option = Значение параметра «{ $option }» недопустимо.
error-not_a_member = В параметре «{ $option }» нужно указать участника этого сервера.
error-not_allowed = У вас нет на это прав.
error-internal = У нас что-то пошло не так; ничего не изменилось. Попробуйте ещё раз.
error-bad_sort = Неизвестный порядок сортировки.

reason-not_your_turn = Сейчас не ваш ход.
reason-no_such_seat = Такого места нет.
reason-card_not_in_hand = Этой карты нет у вас на руке.
reason-duplicate_card = Одна и та же карта названа дважды.
reason-wrong_number_of_cards = Нужно сыграть столько же карт, сколько зашли.
reason-mixed_suit_lead = Заходить можно только картами одной масти.
reason-does_not_beat = Эти карты не бьют карты сверху.
reason-molodka_not_allowed = Молодку сейчас объявить нельзя.
reason-not_a_lead_now = В эту взятку уже зашли.
reason-must_lead = Вы открываете взятку: сначала зайдите.
reason-game_over = Кон окончен.
reason-bad_action = Это не ход.
error-bot_permissions = Я не могу провести игру в этом канале. У меня здесь нет этих прав: { $perms }. Попросите того, кто управляет сервером, выдать их мне (настройки канала › Права доступа).
perm-view_channel = Просматривать канал
perm-send_messages = Отправлять сообщения
perm-send_messages_in_threads = Отправлять сообщения в ветках
perm-embed_links = Встраивать ссылки
perm-attach_files = Прикреплять файлы
perm-read_message_history = Читать историю сообщений

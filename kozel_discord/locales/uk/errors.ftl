# Відмови (error-*, ключі помилок сервісу) і чому хід неможливий (reason-*).
# COMMAND("kozel start") — команда клікабельною згадкою (Discord показує її англійську
# назву) і за нею в дужках українська; якщо бот не знає id команди — лише українська.

error-table_exists = У цьому каналі вже є стіл.
error-in_table_thread = Ця гілка належить столу з каналу { $channel }: новий стіл почніть у тому каналі.
error-try_again = База даних зараз не відповідає — нічого не змінилося. Спробуйте ще раз за мить.
error-bad_seat = Це місце недоступне.
error-already_there = Ви вже сидите на цьому місці.
error-seat_taken = Місце { $seat } зайняте.
error-no_computer = На місці { $seat } уже немає комп'ютера.
error-not_seated = Ви не сидите за цим столом.
error-bad_level = Невідомий рівень комп'ютера.
error-sit_first = Спершу сядьте за стіл.
error-host_only = Змінювати налаштування може лише господар столу — { $host }.
error-host_only_start = Почати партію може лише господар столу — { $host }.
error-host_only_cancel = Скасувати цей стіл може лише господар столу — { $host }.
error-seats_empty = Спершу треба зайняти всі чотири місця.
error-not_finished = Партія ще триває.
error-already_started = Гра вже почалася.
error-not_playing = За цим столом зараз не грають.
error-not_your_seat = Це не ваше місце — ці кнопки належать іншому гравцеві.
error-stale = Ці карти застаріли.
error-illegal = Такий хід неможливий.
error-no_table = У цьому каналі немає столу. Почніть гру командою { COMMAND("kozel start") }.
error-old_table = Ці кнопки належать столу, за яким гру вже закінчено.
error-stop_not_allowed = Зупинити гру може господар столу або той, хто має право «Керувати сервером».
error-stop_changed = Стіл змінився відтоді, як було поставлено це запитання (гра почалася або закінчилася): нічого не зупинено. Запитайте знову: { COMMAND_NAME("kozel stop") }.
error-guild_only = Це працює лише в каналі сервера.
error-bad_control = Ця кнопка більше не діє.
error-wrong_guild = Стіл у цьому каналі належить іншому серверу.
error-bad_option = Значення параметра «{ $option }» неприпустиме.
error-not_a_member = У параметрі «{ $option }» треба вказати учасника цього сервера.
error-not_allowed = У вас немає на це прав.
error-internal = У нас щось пішло не так; нічого не змінилося. Спробуйте ще раз.
error-bad_sort = Невідомий порядок сортування.

reason-not_your_turn = Зараз не ваш хід.
reason-no_such_seat = Такого місця немає.
reason-card_not_in_hand = Цієї карти немає у вас на руці.
reason-duplicate_card = Одну й ту саму карту названо двічі.
reason-wrong_number_of_cards = Треба покласти стільки ж карт, скільки було в заході.
reason-mixed_suit_lead = Заходити можна лише картами однієї масті.
reason-does_not_beat = Ці карти не б'ють карти зверху.
reason-molodka_not_allowed = Молодку зараз оголосити не можна.
reason-not_a_lead_now = У цю взятку вже зайшли.
reason-must_lead = Ви відкриваєте взятку: спершу зайдіть.
reason-game_over = Кін закінчено.
reason-bad_action = Це не хід.
error-bot_permissions = Я не можу провести гру в цьому каналі. У мене тут немає цих дозволів: { $perms }. Попросіть того, хто керує сервером, надати їх мені (налаштування каналу › Дозволи).
perm-view_channel = Переглядати канал
perm-send_messages = Надсилати повідомлення
perm-send_messages_in_threads = Надсилати повідомлення в гілках
perm-embed_links = Вбудовувати посилання
perm-attach_files = Прикріплювати файли
perm-read_message_history = Читати історію повідомлень

# Розбір після кону: власні ходи гравця поруч з оцінкою сильного комп'ютера (ui/review.py).
# Форми: one (1, 21…), few (2–4, 22–24…), many (0, 5–20…).

button-review = Розбір
review-title = Розбір ваших ходів — кін { $n }
review-intro = { $seat } · { $moves ->
        [one] { $moves } хід
        [few] { $moves } ходи
       *[many] { $moves } ходів
    }, у { $choices } з них був вибір.
review-auto = Комп'ютер зробив за вас { $n ->
        [one] { $n } хід
        [few] { $n } ходи
       *[many] { $n } ходів
    } (сплив час ходу або ви відійшли): такі ходи тут не розбираємо.
review-method = Число після ходу — скільки очок у картах (зі 120) ваша команда в середньому набере наприкінці кону: сильний комп'ютер дограв кін { $worlds ->
        [one] { $worlds } раз
        [few] { $worlds } рази
       *[many] { $worlds } разів
    } на можливих розкладах, сумісних із тим, що ви тоді бачили (у приховані карти він не підглядав).
review-total = Порівняно з найкращими ходами ви втратили близько { $points ->
        [one] { $points } очка
       *[other] { $points } очок
    }.
review-no_choice = У цьому кону вибору не було: кожен хід був єдиним.
review-mistakes = Найдорожчі помилки
review-no_mistakes = Втрат від { $points ->
        [one] { $points } очка
       *[other] { $points } очок
    } і більше проти найкращого ходу немає. Гарна гра!
review-mistake = **Взятка { $trick }:** { $played } — у середньому мінус { $points ->
        [one] { $points } очко
        [few] { $points } очки
       *[many] { $points } очок
    }; краще: { $best } — { $why }.
review-moves = Ваші ходи
review-line_best = { $mark } Взятка { $trick }: { $played } — { $value } (найкращий)
review-line_even = { $mark } Взятка { $trick }: { $played } — { $value } (явно кращого немає)
review-line = { $mark } Взятка { $trick }: { $played } — { $value } (краще: { $best } — { $best_value })
review-capped = Бот був зайнятий: частину ходів оцінено на меншій кількості розкладів.
review-legend-best = ✅ найкращий, або явно кращого немає
review-legend-close = 👍 майже найкращий
review-legend-costly = ⚠️ мінус { $points } і більше
review-legend-worst = ❌ серед найдорожчих

review-act-lead = зайти з { $cards }
review-act-beat = побити картами { $cards }
review-act-beat_one = побити картою { $cards }
review-act-discard = скинути { $cards }
review-act-molodka = оголосити молодку { $cards }
review-act-pass = не оголошувати молодку

review-why-could_beat = побити було вигідніше, ніж зберегти карти
review-why-could_beat_one = побити було вигідніше, ніж зберегти карту
review-why-same_card = та сама карта у відкриту побила б верхню карту взятки, а не пішла б марно
review-why-same_cards = ті самі карти у відкриту побили б верхні карти взятки, а не пішли б марно
review-why-keep_card = вигідніше було приберегти { $cards } на наступні взятки, ніж брати цю
review-why-keep_cards = вигідніше було приберегти { $cards } на наступні взятки, ніж брати цю
review-why-partner_on_top = зверху вже була карта партнера
review-why-feed_partner = взятку брав партнер, і ваші очки дісталися б вашій команді
review-why-cheaper_discard = так іде менше очок
review-why-other_discard = віддані карти були ціннішими у вас у руці
review-why-fewer_trumps = так витрачається менше козирів
review-why-cheaper_beat = так під загрозою менше очок
review-why-other_beat = решта карт знадобилася б пізніше
review-why-lead_more = зайти одразу більшою кількістю карт масті було вигідніше
review-why-lead_fewer = притримати частину цих карт було вигідніше
review-why-other_lead = такий захід зіграв краще
review-why-molodka = молодка повертає взятку і дає зайти вам
review-why-no_molodka = грати далі без молодки було вигідніше
review-why-other = так зіграло краще

error-review_not_player = Розбір кону можуть відкрити лише його гравці, кожен — свої ходи.
error-review_missing = Запису цього кону ще немає в лізі. Спробуйте трохи згодом.
error-review_busy = Комп'ютер зараз зайнятий іншими іграми й не встиг розібрати цей кін. Спробуйте ще раз за хвилину.

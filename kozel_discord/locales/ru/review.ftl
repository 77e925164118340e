# Разбор после кона: свои ходы игрока рядом с оценкой сильного компьютера (ui/review.py).
# Формы: one (1, 21…), few (2–4, 22–24…), many (0, 5–20…).

button-review = Разбор
review-title = Разбор ваших ходов — кон { $n }
review-intro = { $seat } · { $moves ->
        [one] { $moves } ход
        [few] { $moves } хода
       *[many] { $moves } ходов
    }, в { $choices } из них был выбор.
review-auto = Компьютер сделал за вас { $n ->
        [one] { $n } ход
        [few] { $n } хода
       *[many] { $n } ходов
    } (вышло время хода или вы отошли): такие ходы здесь не разбираем.
review-method = Число после хода — сколько очков в картах (из 120) ваша команда в среднем набрала бы к концу кона: сильный компьютер доиграл кон { $worlds ->
        [one] { $worlds } раз
        [few] { $worlds } раза
       *[many] { $worlds } раз
    }, перебирая карты, которых вы тогда не видели.
review-total = По сравнению с лучшими ходами вы потеряли около { $points ->
        [one] { $points } очка
       *[other] { $points } очков
    }.
review-no_choice = В этом коне выбора не было: каждый ход был единственным.
review-mistakes = Самые дорогие ошибки
review-no_mistakes = Потерь от { $points ->
        [one] { $points } очка
       *[other] { $points } очков
    } и больше против лучшего хода нет. Хорошая игра!
review-mistake = **Взятка { $trick }:** { $played } — в среднем минус { $points ->
        [one] { $points } очко
        [few] { $points } очка
       *[many] { $points } очков
    }; лучше: { $best } — { $why }.
review-moves = Ваши ходы
review-line_best = { $mark } Взятка { $trick }: { $played } — { $value } (лучший)
review-line_even = { $mark } Взятка { $trick }: { $played } — { $value } (явно лучшего нет)
review-line = { $mark } Взятка { $trick }: { $played } — { $value } (лучше: { $best } — { $best_value })
review-capped = Бот был занят: часть ходов оценена на меньшем числе раскладов.
review-legend-best = ✅ лучший, или явно лучшего нет
review-legend-close = 👍 почти лучший
review-legend-costly = ⚠️ минус { $points } и больше
review-legend-worst = ❌ из самых дорогих

review-act-lead = зайти с { $cards }
review-act-beat = побить картами { $cards }
review-act-beat_one = побить картой { $cards }
review-act-discard = сбросить { $cards }
review-act-molodka = объявить молодку { $cards }
review-act-pass = не объявлять молодку

review-why-could_beat = побить было выгоднее, чем сберечь карты
review-why-could_beat_one = побить было выгоднее, чем сберечь карту
review-why-same_card = та же карта, сыгранная в открытую, побила бы верхнюю карту взятки, а не ушла в сброс
review-why-same_cards = те же карты, сыгранные в открытую, побили бы верхние карты взятки, а не ушли в сброс
review-why-keep_card = выгоднее было приберечь { $cards } на следующие взятки, чем брать эту
review-why-keep_cards = выгоднее было приберечь { $cards } на следующие взятки, чем брать эту
review-why-partner_on_top = сверху уже была карта партнёра
review-why-feed_partner = взятку брал партнёр, и ваши очки достались бы вашей команде
review-why-cheaper_discard = так уходит меньше очков
review-why-other_discard = отданные карты были ценнее у вас в руке
review-why-fewer_trumps = так тратится меньше козырей
review-why-cheaper_beat = так под угрозой меньше очков
review-why-other_beat = оставшиеся карты пригодились бы позже
review-why-lead_more = зайти сразу большим числом карт масти было выгоднее
review-why-lead_fewer = придержать часть этих карт было выгоднее
review-why-other_lead = такой заход сыграл лучше
review-why-molodka = молодка возвращает взятку и даёт зайти вам
review-why-no_molodka = играть дальше без молодки было выгоднее
review-why-other = так сыграло лучше

error-review_not_player = Разбор кона могут открыть только его игроки, каждый — свои ходы.
error-review_missing = Записи этого кона ещё нет в лиге. Попробуйте чуть позже.
error-review_busy = Компьютер сейчас занят другими играми и не успел разобрать этот кон. Попробуйте ещё раз через минуту.

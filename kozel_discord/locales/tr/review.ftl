# Oyun sonrası koç: oyuncunun kendi kararları, güçlü bilgisayarın değerlendirmesiyle yan yana
# (ui/review.py). Türkçe çoğul biçimleri: one, other (sayıdan sonra isim tekil kalır).

button-review = Analiz
review-title = Hamlelerinizin analizi — oyun { $n }
review-intro = { $seat } · { $moves } hamle, { $choices } tanesinde seçim vardı.
review-auto = Bilgisayar sizin yerinize { $n } hamle yaptı (hamle süreniz doldu ya da uzaktaydınız): bunlar burada değerlendirilmiyor.
review-method = Her hamlenin yanındaki sayı, o hamleden sonra takımınızın oyun sonunda bekleyebileceği kart puanıdır (120 üzerinden): zor seviyedeki bilgisayar o anda görebildiklerinize uyan { $worlds ->
        [one] { $worlds } dağıtımda
       *[other] { $worlds } dağıtımda
    } oyunu sonuna kadar oynadı, kapalı kartlara bakmadan.
review-total = En iyi seçeneklere göre hamleleriniz toplamda yaklaşık { $points ->
        [one] { $points } kart puanına
       *[other] { $points } kart puanına
    } mal oldu.
review-no_choice = Bu oyunda seçim yapmanız gerekmedi: her hamle tek seçenekti.
review-mistakes = En pahalı hatalar
review-no_mistakes = Hiçbir hamle en iyisine göre { $points } puan ya da daha fazlasına mal olmadı. İyi oyun!
review-mistake = **{ $trick }. el:** { $played } ortalama { $points ->
        [one] { $points } puana
       *[other] { $points } puana
    } mal oldu; daha iyisi: { $best } — { $why }.
review-moves = Hamleleriniz
review-line_best = { $mark } { $trick }. el: { $played } — { $value } (en iyisi)
review-line_even = { $mark } { $trick }. el: { $played } — { $value } (açıkça daha iyisi yok)
review-line = { $mark } { $trick }. el: { $played } — { $value } (en iyi { $best_value }: { $best })
review-capped = Bot meşguldü: bazı hamleler daha az dağıtımla değerlendirildi.
review-legend-best = ✅ en iyisi ya da açıkça daha iyisi yok
review-legend-close = 👍 ona yakın
review-legend-costly = ⚠️ { $points } puan ya da daha fazla kayıp
review-legend-worst = ❌ en pahalılar

review-act-lead = { $cards } ile açmak
review-act-beat = { $cards } ile yenmek
review-act-beat_one = { $cards } ile yenmek
review-act-discard = kapalı atmak ({ $cards })
review-act-molodka = { $cards } ile molodka açmak
review-act-pass = molodka açmamak

review-why-could_beat = yenmek kartları saklamaktan daha değerliydi
review-why-could_beat_one = yenmek kartı saklamaktan daha değerliydi
review-why-same_card = aynı kart açık oynansa üstteki kartı yenerdi, boşa gitmezdi
review-why-same_cards = aynı kartlar açık oynansa üstteki kartları yenerdi, boşa gitmezdi
review-why-keep_card = { $cards } kartını sonraki eller için saklamak bu elden daha değerliydi
review-why-keep_cards = { $cards } kartlarını sonraki eller için saklamak bu elden daha değerliydi
review-why-partner_on_top = ortağınız zaten üstteydi
review-why-feed_partner = eli ortağınız alıyordu, puanlarınız takımınıza gidecekti
review-why-cheaper_discard = daha az puan gider
review-why-other_discard = verdiğiniz kartlar elinizde daha değerliydi
review-why-fewer_trumps = daha az koz harcanır
review-why-cheaper_beat = daha az puan riske girer
review-why-other_beat = elde kalan kartlar sonra daha çok işe yarardı
review-why-lead_more = renkten bir kerede daha çok kart açmak daha kârlıydı
review-why-lead_fewer = bu kartların bir kısmını saklamak daha kârlıydı
review-why-other_lead = o açış daha iyi sonuç verdi
review-why-molodka = molodka oynanan kartları geri döndürür ve açışı size verir
review-why-no_molodka = molodkasız devam etmek daha kârlıydı
review-why-other = daha iyi sonuç verdi

error-review_not_player = Bu oyunun analizini yalnızca oyuncuları açabilir, her biri kendi hamlelerini.
error-review_missing = Bu oyunun kaydı henüz ligde yok. Birazdan yeniden deneyin.
error-review_busy = Bilgisayar şu anda başka oyunlarla meşgul ve bu oyunun incelemesini bitiremedi. Lütfen bir dakika sonra yeniden deneyin.

# Kozel: lobi, masa, kişisel kartlar ve sonuçlar (Türkçe).
# Koddaki `table.seat_line` anahtarı burada `table-seat_line` iletisidir (noktalar tire olur).
# Türkçede sayıdan sonra isim tekil kalır (1 kart, 2 kart): çoğul seçimine gerek yok.
# Değişkenlere ek getirilmez ({ $who }'in değil): isimler her dilden olabilir.

suit-clubs = sinek
suit-diamonds = karo
suit-hearts = kupa
suit-spades = maça

# Bir kartın metni: $rank 6 7 8 9 10 J Q K A, $suit rengin simgesi (♣ ♦ ♥ ♠).
card-text = { $rank }{ $suit }

seat-label = Yer { $n } ({ $team })
seat-number = Yer { $n }
seat-label_long = Yer { $n } · { $team }
seat-empty = — boş —
seat-computer = 🤖 { $name } ({ $level })
seat-computer_short = 🤖 { $level }
seat-computer_plain = 🤖 { $name }
seat-away_suffix = {" "}(masada değil — bilgisayar oynuyor)

team-a = A
team-b = B
team-a-long = Takım A
team-b-long = Takım B
team-pair = { $first } ve { $second }

level-random = kolay
level-heuristic = normal
level-strong = zor
level-None = normal

computer-name = Bilgisayar { $n }

lobby-title = Kozel — yeni masa
lobby-description = İki takımda dört oyuncu; ortaklar karşılıklı oturur. Bir yere oturun ya da boş bir yere bilgisayar oyuncu ekleyin. Dört yer dolunca masayı açan oyunu başlatır. Kozel'i ilk kez mi oynuyorsunuz? Kurallar: { COMMAND("kozel rules") }.
lobby-started = Oyun başladı — masa mesajı aşağıda.
lobby-settings = Ayarlar
lobby-host = Masayı açan: { $host }
lobby-timer_on = Hamle süresi: { $seconds } saniye (sonra hamleyi bilgisayar yapar)
lobby-timer_off = Hamle süresi: sınırsız
lobby-sit = Otur: { $seat }
lobby-remove_computer = ✖ { $name }
# A human's seat in the lobby's buttons (two share a phone's line with a computer's).
lobby-seat_taken = { $n } · { $name }
lobby-add_placeholder = Bilgisayar oyuncu ekle…
lobby-add_option = { $seat }: bilgisayar, seviye: { $level }
lobby-leave = Kalk
lobby-timer = Hamle süresi
lobby-timer_button_on = Hamle süresi: { $seconds } sn
lobby-timer_button_off = Hamle süresi: sınırsız
lobby-begin = Başlat
lobby-cancel = İptal
lobby-cancelled = Masa iptal edildi.

trick-lead = { $who } açtı: { $cards }
trick-beat = { $who } yendi: { $cards }
trick-molodka = { $who } sırası gelmeden molodka açtı: { $cards }
trick-discard = { $who } kapalı attı: { $cards }

table-title = Kozel — oyun { $n }
table-trump = Koz: **{ $card }** ({ $suit }) · { $stock ->
        [0] deste bitti
       *[other] destede { $stock } kart
    }
table-dealer_mark = {" "}(dağıtan)
table-tricks = { $n } el
table-trick = Bu el (kişi başı { $k } kart)
table-trick_new = Bu el
table-trick_empty = Henüz bir şey oynanmadı.
table-trick_empty_last = Bu elde henüz bir şey oynanmadı.
table-series_score = Ceza puanı: A { $a } · B { $b }{ $eggs ->
        [0] {""}
       *[other] {" "}· { $eggs } yumurta (60 : 60)
    }
table-series_over = Seri bitti.
table-waiting = Bekleniyor…
table-turn_lead = Açış sırası: { $who }.
table-turn_answer = Sıra: { $who } — { $k } kartı yenmeli ya da { $k } kart kapalı atmalı.
# $when bir Discord zaman damgası: her istemci onu "30 saniye içinde" diye gösterir.
table-deadline = Süre { $when } doluyor.

move-lead = { $who }: açış, { $n } kart.
move-beat = { $who }: { $n } kartla yendi.
move-discard = { $who }: kapalı atış, { $n } kart.
move-molodka = { $who }: molodka!
move-timed_out = (süre doldu: bilgisayar oynadı)

hand-title = Kartlarınız — { $seat }
hand-molodka_possible = Elinizde molodka (aynı renkten dört kart) var: şimdi, sıra beklemeden açabilirsiniz.
hand-choose = Hamlenizi seçin…
hand-choose_molodka = Molodkanızı açın…
hand-stale = Bu görünüm eskimişti — güncel kartlarınız burada.

result-title = Oyun { $n } bitti
result-eggs = **Yumurta!** 60 : 60 — kimse ceza puanı almıyor.
result-ratings = Lig reytingi
result-rating_line = { $who }: { $before } → { $after } ({ $shift })
result-team_line = { $names }
    { $points } puan · { $tricks } el

series-title = Seri bitti
series-winners = 🏆 Seriyi { $names } kazandı.
series-goats = { $names } seriyi kaybetti: keçiler! 🐐
series-goats_with_eggs = { $names } seriyi kaybetti: yumurtalı keçiler ({ $eggs } yumurta)! 🐐🥚

button-my_hand = Kartlarım
button-refresh = Yenile
button-rematch = Rövanş

stop-confirm = Bu masadaki oyun durdurulsun mu? Seri yarıda bırakılmış sayılır.
stop-confirm_finished = Masa kapatılsın mı? Biten seri ligde kalır.
stop-confirm_lobby = Bu lobi kapatılsın mı? Henüz oyun oynanmadı: hiçbir şey kaydedilmez.
stop-confirm_button = Oyunu durdur
stop-done = Bu masa durduruldu.

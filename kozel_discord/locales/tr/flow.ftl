# Oyunun akışı: bir elin neden böyle sayıldığı, serinin özeti, sıra hatırlatmaları,
# oylamalar ve terk edilmiş masalar (Türkçe).

result-reason-no_trick = **{ $team } bu oyunda { $dp } ceza puanı aldı**: hiç el alamadı.
result-reason-thirty_or_fewer = **{ $team } bu oyunda { $dp } ceza puanı aldı**: yalnızca { $points } kart puanı topladı (30 veya daha az).
result-reason-under_sixty = **{ $team } bu oyunda { $dp } ceza puanı aldı**: { $points } kart puanı topladı (31 ile 59 arası).
result-progress = Seri { $target } ceza puanına kadar
result-bar = { $team } { $bar } { $points }/{ $target }

series-recap = Özet
series-recap_counts = { $games } oyun{ $eggs ->
        [0] {""}
       *[other] {" "}· { $eggs } yumurta
    }
series-best_trick = En değerli el: { $who }, { $n }. oyunda { $cards } kartlık bir elde açık kartlardan { $points } puan aldı.
series-games = Oyunlar: kart puanı A : B — ceza puanı
series-game_line = { $n }. { $a } : { $b } — { $outcome }
series-outcome-no_trick = { $team } +{ $dp } (el yok)
series-outcome-thirty_or_fewer = { $team } +{ $dp } (30 veya daha az)
series-outcome-under_sixty = { $team } +{ $dp } (31–59)
series-outcome_eggs = yumurta 🥚
series-earlier_games = … önceki { $n } oyun

cmd-pings-name = bildirim
cmd-pings-desc = Bu masadaki sıra bildirimlerinizi açın veya kapatın
cmd-pings-state = Açık veya kapalı
cmd-pings-state_name = durum
cmd-vote-name = oylama
cmd-vote-desc = Oyunu bekleten masayı açan oyuncuya karşı oylama
cmd-vote-what = Neye oy veriliyor
cmd-vote-what_name = ne
choice-on = açık
choice-off = kapalı
choice-vote-stop = masayı durdur
choice-vote-timer = hamle süresini aç

ping-turn = { $user }, sıra sizde.
ping-reminder = { $user }, bu hamle için süreniz dolmak üzere.
ping-on = Bu masada sıra bildirimleriniz açık.
ping-off = Bu masada sıra bildirimleriniz kapalı. { COMMAND("kozel pings") } ile yeniden açabilirsiniz.

vote-yours = Oy verdiniz: { $n } / { $total }.
vote-stop-counted = Masayı durdurma oylaması: { $n } / { $total }.
vote-timer-counted = Hamle süresini açma oylaması: { $n } / { $total }.
vote-stop-passed = Diğer oyuncular oy verdi: masa durduruldu.
vote-timer-passed = Diğer oyuncular oy verdi: hamle süresi artık açık.

idle-closed = Bu masa kapatıldı: uzun süredir hiçbir şey olmadı. Seri terk edilmiş sayılır.
idle-closed_message = Bu masa hareketsizlik nedeniyle kapatıldı.

error-no_human = Bir masada en az bir insan oyuncu gerekir.
error-vote_not_open = Oylanacak bir şey yok: masayı açan oyuncu oyunu bekletmiyor.
error-vote_not_allowed = Yalnızca bu masadaki diğer oyuncular oy verebilir.
error-already_voted = Zaten oy verdiniz.
error-timer_already_on = Hamle süresi zaten açık.

cmd-settings-name = ayarlar
cmd-settings-desc = Bu sunucunun masa ayarları (Sunucuyu Yönet)
cmd-settings-threads = Her masanın oyunu için ayrı bir alt başlık (boş bırakın: ayarı görün)
cmd-settings-threads_name = alt_başlıklar
settings-threads_on = Her masanın oyunu kendi alt başlığında oynanır (bot alt başlık açabiliyorsa); lobi kanalda kalır.
settings-threads_off = Oyunlar alt başlık olmadan doğrudan kanalda oynanır.
thread-name = Kozel — { $names }
ping-button = 🔔 Sıram gelince haber ver
rematch-started = 🔁 Sonraki seri başladı bile: işte kartlarınız.

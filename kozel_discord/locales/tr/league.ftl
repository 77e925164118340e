# Sunucunun ligi: /league table, player, history, ranked; ve /kozel stats.

league-title = Lig tablosu — { $guild }
league-sorted_by = Sıralama: { $sort }
league-empty = Henüz dereceli seri yok. Bilgisayarlı seriler yalnızca bir yönetici { COMMAND("league ranked") } ayarını açtıysa sayılır; { COMMAND("kozel start") } ile bir tane başlatın!
league-empty_length = Henüz { $target } ceza puanına kadar dereceli seri yok. Bu sunucunun liginde { $lengths } ceza puanına kadar seriler var: { COMMAND("league table") } içinde o uzunluğu seçin.
league-columns = Reyting ({ $start } ile başlar) · seri ve oyun: kazanılan–kaybedilen
league-columns-goats_eggs = 🐐🥚 yumurtalı keçi
league-columns-eggs = 🥚 yumurta
league-row = **{ $rank }.** { $user } · **{ $rating }** · seri { $sw }–{ $sl } · oyun { $gw }–{ $gl }{ $goats_eggs ->
        [0] {""}
       *[other] {" "}· 🐐🥚 { $goats_eggs }
    }{ $eggs ->
        [0] {""}
       *[other] {" "}· 🥚 { $eggs }
    }
league-page = Sayfa { $page } / { $pages } · { $total } oyuncu

history-title = Son seriler
history-empty = Henüz seri yok.
history-line = { $when } · { $a } – { $b } · ceza puanı { $da } : { $db }{ $eggs ->
        [0] {""}
       *[other] {" · "}{ $eggs } yumurta
    } · { $verdict }{ $ranked }
history-goats = keçiler: { $names }
history-goats_with_eggs = yumurtalı keçiler: { $names }
history-unranked = {" "}· derecesiz
history-computers = 🤖 { $n } bilgisayar ({ $level })
history-status-active = sürüyor
history-status-finished = bitti
history-status-abandoned = yarıda kaldı

profile-title = { $name } — lig profili
profile-rating = Reyting
profile-rating_value = { $rating } · ligde #{ $rank }
profile-rating_note = Herkesin reytingi { $start } ile başlar. Reyting, oyuncunun takımı kazandıkça yükselir, kaybettikçe düşer; az oyun oynanmışken temkinli olarak düşük tutulur (lig henüz emin değildir), bu yüzden ilk oyunlar onu en çok değiştirir ve her biri, yumurta (60–60) da dahil, onu biraz yükseltir.
profile-series = Seriler
profile-series_value = { $w } kazanılan · { $l } kaybedilen
profile-goats = Keçi
profile-goats_value = { $n } kez{ $eggs ->
        [0] {""}
       *[other] {" "}(yumurtalı: { $eggs })
    }
profile-games = Oyunlar
profile-games_value = { $w } kazanılan · { $l } kaybedilen{ $eggs ->
        [0] {""}
       *[other] {" "}· { $eggs } yumurta
    }
profile-defeat_points = Ceza puanları
profile-defeat_points_value = { $taken } alınan · { $inflicted } rakiplere verilen
profile-best_partner = En iyi ortak
profile-best_partner_value = { $user }: birlikte oynanan { $played } serinin { $won } tanesi kazanıldı
profile-recent = Son seriler
profile-none = { $user }: bu sunucuda henüz oynanmış seri yok.

ranked-on = Bilgisayar oyunculu seriler, içlerindeki insanlar için ligde sayılır.
ranked-off = Bilgisayar oyunculu seriler ligde sayılmıyor.
ranked-from_next = Bu, bundan sonra başlayan her seri için geçerlidir; süren seriler kendi kurallarını korur.

stats-title = Kozel botu — rakamlar
stats-text = Bu süreçteki canlı masalar: **{ $tables }**
    Son bir saatteki oyunlar: **{ $games }**
    İşlenen etkileşimler: { $interactions } · hatalar: { $errors }
    Olay döngüsü gecikmesi: p99 { $lag } ms · en çok { $lag_max } ms
    En yüksek bellek: { $rss } MiB · parçalar: { $shards }

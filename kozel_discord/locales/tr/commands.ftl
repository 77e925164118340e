# Eğik çizgi komutları: adlar (1–32 küçük harf, rakam, - ya da _), açıklamalar ve seçenekler
# (en çok 100 karakter), discord.py'nin Translator'ı ile Discord'a verilir; ve /kozel rules.

cmd-kozel-name = kozel
cmd-kozel-desc = Bu kanalda 4 kartla Kozel oynayın
cmd-start-name = başlat
cmd-start-desc = Bu kanalda bir masa açın
cmd-start-timer = Bilgisayar oynamadan önce hamle başına süre
cmd-start-timer_name = süre
cmd-stop-name = durdur
cmd-stop-desc = Bu kanaldaki oyunu durdurun (masayı açan ya da Sunucuyu Yönet)
cmd-hand-name = kartlar
cmd-hand-desc = Kartlarınızı yeniden gösterir
cmd-rules-name = kurallar
cmd-rules-desc = Kısaca kurallar
cmd-stats-name = istatistik
cmd-stats-desc = Yöneticiler için bot rakamları (Sunucuyu Yönet)
cmd-league-name = lig
cmd-league-desc = Bu sunucunun Kozel ligi
cmd-table-name = tablo
cmd-table-desc = Bu sunucunun lig tablosu
cmd-table-sort = Sıralama
cmd-table-sort_name = sıralama
cmd-player-name = oyuncu
cmd-player-desc = Bir oyuncunun lig profili
cmd-player-member = Oyuncu (varsayılan: siz)
cmd-player-member_name = üye
cmd-history-name = geçmiş
cmd-history-desc = Bu sunucudaki son seriler
cmd-ranked-name = dereceli
cmd-ranked-desc = Bilgisayar oyunculu seriler ligde sayılsın mı (Sunucuyu Yönet)
cmd-ranked-enabled = Açık ya da kapalı (ayarı görmek için boş bırakın)
cmd-ranked-enabled_name = açık

choice-timer-off = sınırsız
choice-timer-30 = 30 saniye
choice-timer-60 = 1 dakika
choice-timer-90 = 90 saniye
choice-timer-180 = 3 dakika

sort-rating = reyting
sort-series_won = kazanılan seri
sort-series_played = oynanan seri
sort-goats = keçi olma sayısı
sort-goats_with_eggs = yumurtalı keçi olma sayısı
sort-games_won = kazanılan oyun
sort-games_played = oynanan oyun
sort-games_lost = kaybedilen oyun
sort-eggs = yumurta
sort-defeat_points_taken = alınan ceza puanı
sort-defeat_points_inflicted = rakiplere verilen ceza puanı

rules-title = 4 kartla Kozel — kısaca kurallar
rules-text = **Oyuncular**: iki takımda dört kişi; ortaklar karşılıklı oturur (1+3. yerler 2+4. yerlere karşı).
    {"**"}Deste**: 36 kart (♥ kupa, ♦ karo, ♤ maça, ☘ sinek). Bir renkte küçükten büyüğe sıra: 6 7 8 9 J Q K **10** A. Puanlar: vale (J) 2, kız (Q) 3, papaz (K) 4, onlu (10) 10, as (A) 11, 6–9 arası 0 — destede 120.
    {"**"}Dağıtım**: herkese 4 kart; destenin ortasından bir kart gösterilir: onun rengi kozdur (kart destede kalır ve sonra biri onu çeker). İlk oyunu dağıtanın solundaki oyuncu açar; sonraki oyunları önceki oyunun son elini alan açar.
    {"**"}El**: açan oyuncu **tek renkten** bir ya da daha fazla kart oynar. Sonraki her oyuncu aynı sayıda kart oynar: ya onları **yener** (her kartı, eli o an alan kartlardan farklı birini yener, yani açılan ya da son yenen kartlardan birini: aynı renkten daha büyük bir kart ya da koz olmayan bir karta karşı herhangi bir koz) ya da istediği kartları **kapalı atar**; yenmek zorunlu değildir. Eli en son yenen alır (kimse yenmediyse açan); kapalı atılan kartlar ve puanları da ona gider.
    {"**"}Molodka**: aynı renkten dört kart, el açıkken sıra beklemeden açılabilir; oynanan kartlar geri döner ve molodka yeni açış olur. Açılmış bir molodkanın yerine ancak eli ilk açan oyuncudan saat yönünde daha önce gelen oyuncunun molodkası geçer (eli ilk açan ilk sıradadır). Molodka da her açış gibi kartlarla yenilebilir.
    {"**"}Kart çekme**: deste bitene kadar her elden sonra herkes saat yönünde birer birer 4 karta tamamlar, önce eli alan; sonraki eli de o açar. Deste bitince oyuncuların elindeki kartlar oynanır ve puanlar sayılır.
    {"**"}Puanlama**: el sayısı değil, takımın aldığı ellerdeki kart puanları sayılır; 61 ve üstü puan oyunu kazandırır. Kaybedenler 2 (31–59 puan), 4 (30 ya da daha az) ya da 6 (hiç el yok) ceza puanı alır. 60 : 60 **yumurta**dır: kimse ceza puanı almaz.
    {"**"}Seri**: bir takım { $target } ya da daha fazla ceza puanına ulaşana kadar oynanır — o takım **keçi** olur; seride 60 : 60 biten bir oyun olduysa **yumurtalı keçi**.

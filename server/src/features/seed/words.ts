// Word lists for demo and benchmark entries: everyday local-news vocabulary, no network needed.

export const GERMAN_WORDS =
  `Stadt Gemeinde Quartier Strasse Straße Platz Markt Schule Kinder Eltern Verein Sport Turnier
Fussball Velo Velowege Bahnhof Tram Bus Haltestelle Verkehr Parkplatz Brücke Fluss See Ufer Park Garten Baum
Bäume Wald Wiese Sommer Winter Frühling Herbst Regen Schnee Sonne Wetter Konzert Theater Bühne Museum Ausstellung
Bibliothek Lesung Buch Autorin Musik Chor Orchester Band Festival Fest Feier Jubiläum Geschichte Tradition Kultur
Kirche Rathaus Gemeinderat Abstimmung Wahl Initiative Budget Steuern Kosten Franken Euro Preis Mieten Wohnungen
Neubau Umbau Baustelle Sanierung Energie Solar Heizung Wasser Abfall Recycling Klima Umwelt Natur Tiere Hunde
Katzen Vögel Bienen Bauern Hof Milch Käse Brot Bäckerei Restaurant Café Küche Menü Gemüse Obst Äpfel Kürbis
Nachbarn Bewohner Jugend Senioren Familie Freiwillige Hilfe Spende Sammlung Flohmarkt Ausflug Wanderung Berg
Aussicht Zürich Bern Basel Luzern Genf München Wien Hamburg Köln Dorf Region Kanton Land Zukunft Plan Projekt
Idee Vorschlag Diskussion Treffen Versammlung Abend Morgen Woche Monat Jahr heute gestern morgen neu alt gross
klein schön wichtig schnell langsam günstig teuer offen geschlossen gemeinsam öffentlich lokal beliebt bekannt
erfolgreich und oder aber mit ohne für gegen über unter nach vor bei seit während wegen durch zwischen trotz
wird wurde werden hat haben ist sind war waren bleibt kommt geht zeigt plant baut öffnet feiert sucht findet`
    .split(/\s+/)
    .filter(Boolean);

export const ENGLISH_WORDS =
  `city town village district street square market school children parents club sports
tournament football bicycle cycling station tram bus stop traffic parking bridge river lake shore park garden tree
trees forest meadow summer winter spring autumn rain snow sun weather concert theatre stage museum exhibition
library reading book author music choir orchestra band festival party celebration anniversary history tradition
culture church council vote election initiative budget taxes costs price rents housing building renovation
construction energy solar heating water waste recycling climate environment nature animals dogs cats birds bees
farmers farm milk cheese bread bakery restaurant cafe kitchen menu vegetables fruit apples pumpkin neighbours
residents youth seniors family volunteers help donation collection fleamarket trip hike mountain view region
future plan project idea proposal discussion meeting assembly evening morning week month year today yesterday
tomorrow new old large small beautiful important fast slow cheap expensive open closed together public local
popular known successful and or but with without for against over under after before near since during because
through between despite will was were has have is are remains comes goes shows plans builds opens celebrates
looks finds`
    .split(/\s+/)
    .filter(Boolean);

/** Words put into about one entry in a thousand, so a benchmark can search for a rare word. */
export const RARE_WORDS = ['Quastenflosser', 'Zitronenfalter', 'Lighthousekeeper'] as const;

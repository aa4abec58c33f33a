<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name>DemoSchema</name>
    <message>
        <source>Change the catalog</source>
        <translation>Katalog ändern</translation>
    </message>
    <message>
        <source>Adds or removes an extra tool (coin_flip), resource (demo://extra/notes) and prompt (haiku) while the server runs, and tells the client with list_changed notifications.</source>
        <translation>Fügt während des Laufs ein zusätzliches Werkzeug (coin_flip), eine Ressource (demo://extra/notes) und einen Prompt (haiku) hinzu oder entfernt sie und meldet das dem Client mit list_changed-Benachrichtigungen.</translation>
    </message>
    <message>
        <source>add, remove, or toggle (the default) the extras.</source>
        <translation>add (hinzufügen), remove (entfernen) oder toggle (umschalten, der Standard) für die Extras.</translation>
    </message>
    <message>
        <source>Touch the counter resource</source>
        <translation>Zähler-Ressource antippen</translation>
    </message>
    <message>
        <source>Adds one to the counter behind demo://counter. Clients subscribed to that resource get notifications/resources/updated.</source>
        <translation>Zählt den Zähler hinter demo://counter um eins hoch. Clients, die diese Ressource abonniert haben, erhalten notifications/resources/updated.</translation>
    </message>
    <message>
        <source>Flip a coin</source>
        <translation>Münze werfen</translation>
    </message>
    <message>
        <source>Flips a coin. This tool was added at run time by change_catalog.</source>
        <translation>Wirft eine Münze. Dieses Werkzeug wurde zur Laufzeit von change_catalog hinzugefügt.</translation>
    </message>
    <message>
        <source>Research (can run as a task)</source>
        <translation>Recherche (kann als Aufgabe laufen)</translation>
    </message>
    <message>
        <source>Pretends to research a topic for a few seconds, step by step, and returns a short report. It can run as a task: the client gets a task at once, watches its status messages and fetches the report when it is done, or cancels it. It can also be called the ordinary way.</source>
        <translation>Tut ein paar Sekunden lang so, als recherchiere es Schritt für Schritt ein Thema, und gibt einen kurzen Bericht zurück. Es kann als Aufgabe laufen: Der Client erhält sofort eine Aufgabe, verfolgt deren Statusmeldungen und holt den Bericht ab, wenn er fertig ist, oder bricht sie ab. Es lässt sich auch auf die gewöhnliche Weise aufrufen.</translation>
    </message>
    <message>
        <source>What to research.</source>
        <translation>Was recherchiert werden soll.</translation>
    </message>
    <message>
        <source>How long the research takes, in seconds.</source>
        <translation>Wie lange die Recherche dauert, in Sekunden.</translation>
    </message>
    <message>
        <source>Long report (always a task)</source>
        <translation>Langer Bericht (immer eine Aufgabe)</translation>
    </message>
    <message>
        <source>Writes a report chapter by chapter, which takes a while (10 seconds unless you say otherwise). It only runs as a task: the client follows it and fetches the report when it is done, or cancels it halfway.</source>
        <translation>Schreibt einen Bericht Kapitel für Kapitel, was eine Weile dauert (10 Sekunden, wenn Sie nichts anderes angeben). Es läuft nur als Aufgabe: Der Client verfolgt sie und holt den Bericht ab, wenn er fertig ist, oder bricht sie mittendrin ab.</translation>
    </message>
    <message>
        <source>What the report is about.</source>
        <translation>Worum es im Bericht geht.</translation>
    </message>
    <message>
        <source>How long writing takes, in seconds.</source>
        <translation>Wie lange das Schreiben dauert, in Sekunden.</translation>
    </message>
    <message>
        <source>Failing job (a task that fails)</source>
        <translation>Scheiternder Auftrag (eine Aufgabe, die fehlschlägt)</translation>
    </message>
    <message>
        <source>Works for a few seconds and then fails on purpose, so you can see what a failed task looks like. &quot;how&quot; picks the kind of failure: error (the task fails) or tool_error (the tool answers with an error message).</source>
        <translation>Arbeitet ein paar Sekunden und schlägt dann absichtlich fehl, damit Sie sehen, wie eine gescheiterte Aufgabe aussieht. „how“ wählt die Art des Fehlers: error (die Aufgabe scheitert) oder tool_error (das Werkzeug antwortet mit einer Fehlermeldung).</translation>
    </message>
    <message>
        <source>How long it works before failing, in seconds.</source>
        <translation>Wie lange es arbeitet, bevor es fehlschlägt, in Sekunden.</translation>
    </message>
    <message>
        <source>error or tool_error.</source>
        <translation>error oder tool_error.</translation>
    </message>
    <message>
        <source>Choose a format (a task that asks you)</source>
        <translation>Format wählen (eine Aufgabe, die Sie fragt)</translation>
    </message>
    <message>
        <source>Gathers notes for a while, then asks you which format the summary should have (a form), and finishes the summary in that format. It only runs as a task: while it waits for your answer the task says input_required.</source>
        <translation>Sammelt eine Weile Notizen, fragt Sie dann, welches Format die Zusammenfassung haben soll (ein Formular), und stellt die Zusammenfassung in diesem Format fertig. Es läuft nur als Aufgabe: Solange sie auf Ihre Antwort wartet, meldet die Aufgabe input_required.</translation>
    </message>
    <message>
        <source>What the summary is about.</source>
        <translation>Worum es in der Zusammenfassung geht.</translation>
    </message>
    <message>
        <source>How long the work takes in all, in seconds (not counting your answer).</source>
        <translation>Wie lange die Arbeit insgesamt dauert, in Sekunden (ohne Ihre Antwort).</translation>
    </message>
    <message>
        <source>Echo</source>
        <translation>Echo</translation>
    </message>
    <message>
        <source>Sends your text straight back as plain text. The simplest tool there is: use it to check that calling tools works.</source>
        <translation>Schickt Ihren Text unverändert als reinen Text zurück. Das einfachste Werkzeug überhaupt: Prüfen Sie damit, ob Werkzeugaufrufe funktionieren.</translation>
    </message>
    <message>
        <source>The text to send back.</source>
        <translation>Der Text, der zurückgeschickt wird.</translation>
    </message>
    <message>
        <source>Add two numbers</source>
        <translation>Zwei Zahlen addieren</translation>
    </message>
    <message>
        <source>Adds a and b. Answers with text and with structured content {&quot;sum&quot;: …} that matches the tool&apos;s output schema.</source>
        <translation>Addiert a und b. Antwortet mit Text und mit strukturiertem Inhalt {&quot;sum&quot;: …}, der zum Ausgabeschema des Werkzeugs passt.</translation>
    </message>
    <message>
        <source>The first number.</source>
        <translation>Die erste Zahl.</translation>
    </message>
    <message>
        <source>The second number.</source>
        <translation>Die zweite Zahl.</translation>
    </message>
    <message>
        <source>a + b</source>
        <translation>a + b</translation>
    </message>
    <message>
        <source>Markdown report</source>
        <translation>Markdown-Bericht</translation>
    </message>
    <message>
        <source>Writes a short report in Markdown, with headings, lists, a table, a code block and a quote, to show how a client renders rich text.</source>
        <translation>Schreibt einen kurzen Bericht in Markdown mit Überschriften, Listen, einer Tabelle, einem Codeblock und einem Zitat, um zu zeigen, wie ein Client formatierten Text darstellt.</translation>
    </message>
    <message>
        <source>What the report&apos;s title is about.</source>
        <translation>Worum es im Titel des Berichts geht.</translation>
    </message>
    <message>
        <source>Generate an image</source>
        <translation>Bild erzeugen</translation>
    </message>
    <message>
        <source>Draws a 64 × 64 pattern in the colour you pick and returns it as a PNG image.</source>
        <translation>Zeichnet ein Muster von 64 × 64 Pixeln in der gewählten Farbe und gibt es als PNG-Bild zurück.</translation>
    </message>
    <message>
        <source>The main colour of the pattern.</source>
        <translation>Die Hauptfarbe des Musters.</translation>
    </message>
    <message>
        <source>Generate a sound</source>
        <translation>Ton erzeugen</translation>
    </message>
    <message>
        <source>Synthesises a sine tone and returns it as a WAV clip (16-bit mono, 8 kHz).</source>
        <translation>Erzeugt einen Sinuston und gibt ihn als WAV-Clip zurück (16 Bit, mono, 8 kHz).</translation>
    </message>
    <message>
        <source>Pitch in hertz (440 is the A above middle C).</source>
        <translation>Tonhöhe in Hertz (440 ist das eingestrichene A).</translation>
    </message>
    <message>
        <source>Length in milliseconds.</source>
        <translation>Länge in Millisekunden.</translation>
    </message>
    <message>
        <source>Embedded resources</source>
        <translation>Eingebettete Ressourcen</translation>
    </message>
    <message>
        <source>Returns resources embedded in the result: C++ source (text/x-c++src), a JSON document and a binary blob.</source>
        <translation>Gibt im Ergebnis eingebettete Ressourcen zurück: C++-Quelltext (text/x-c++src), ein JSON-Dokument und Binärdaten.</translation>
    </message>
    <message>
        <source>Resource links</source>
        <translation>Ressourcen-Links</translation>
    </message>
    <message>
        <source>Returns links to this server&apos;s own resources; a client can open each one with resources/read.</source>
        <translation>Gibt Links auf die eigenen Ressourcen dieses Servers zurück; ein Client kann jeden mit resources/read öffnen.</translation>
    </message>
    <message>
        <source>Weather (made up)</source>
        <translation>Wetter (erfunden)</translation>
    </message>
    <message>
        <source>Invents a weather report for a city; the same city always gets the same weather. Answers with text and with structured content matching the output schema. No real data is fetched.</source>
        <translation>Erfindet einen Wetterbericht für eine Stadt; dieselbe Stadt bekommt immer dasselbe Wetter. Antwortet mit Text und mit strukturiertem Inhalt passend zum Ausgabeschema. Es werden keine echten Daten abgerufen.</translation>
    </message>
    <message>
        <source>Any city name, e.g. Amsterdam.</source>
        <translation>Ein beliebiger Städtename, z. B. Amsterdam.</translation>
    </message>
    <message>
        <source>Temperature units.</source>
        <translation>Temperatureinheit.</translation>
    </message>
    <message>
        <source>In the requested units.</source>
        <translation>In der gewünschten Einheit.</translation>
    </message>
    <message>
        <source>Relative humidity in percent.</source>
        <translation>Relative Luftfeuchtigkeit in Prozent.</translation>
    </message>
    <message>
        <source>Broken structured output</source>
        <translation>Fehlerhafte strukturierte Ausgabe</translation>
    </message>
    <message>
        <source>Returns structured content that deliberately violates its own output schema, so you can see how a client reports it.</source>
        <translation>Gibt strukturierten Inhalt zurück, der absichtlich gegen das eigene Ausgabeschema verstößt, damit Sie sehen, wie ein Client das meldet.</translation>
    </message>
    <message>
        <source>Fail politely</source>
        <translation>Höflich scheitern</translation>
    </message>
    <message>
        <source>Always fails, with a tool error (isError: true) that explains what went wrong.</source>
        <translation>Schlägt immer fehl, mit einem Werkzeugfehler (isError: true), der erklärt, was schiefging.</translation>
    </message>
    <message>
        <source>Why it should fail (optional).</source>
        <translation>Warum es fehlschlagen soll (optional).</translation>
    </message>
    <message>
        <source>Slow task with progress</source>
        <translation>Langsame Aufgabe mit Fortschritt</translation>
    </message>
    <message>
        <source>Works through a number of steps, reporting progress after each one. Cancel it to see it stop.</source>
        <translation>Arbeitet eine Reihe von Schritten ab und meldet nach jedem den Fortschritt. Brechen Sie sie ab, um zu sehen, wie sie anhält.</translation>
    </message>
    <message>
        <source>How many steps.</source>
        <translation>Wie viele Schritte.</translation>
    </message>
    <message>
        <source>How long each step takes, in milliseconds.</source>
        <translation>Wie lange jeder Schritt dauert, in Millisekunden.</translation>
    </message>
    <message>
        <source>Rich form</source>
        <translation>Reichhaltiges Formular</translation>
    </message>
    <message>
        <source>A tool with a rich input schema (formats, enums, bounds, arrays, nested objects, $ref, oneOf, nullable) to exercise form generation. It returns exactly the arguments it received.</source>
        <translation>Ein Werkzeug mit reichhaltigem Eingabeschema (Formate, Aufzählungen, Grenzen, Arrays, verschachtelte Objekte, $ref, oneOf, nullable), um die Formularerzeugung zu erproben. Es gibt genau die Argumente zurück, die es erhalten hat.</translation>
    </message>
    <message>
        <source>A postal address.</source>
        <translation>Eine Postanschrift.</translation>
    </message>
    <message>
        <source>Street and house number.</source>
        <translation>Straße und Hausnummer.</translation>
    </message>
    <message>
        <source>City or town.</source>
        <translation>Stadt oder Ort.</translation>
    </message>
    <message>
        <source>Postal code.</source>
        <translation>Postleitzahl.</translation>
    </message>
    <message>
        <source>Country code.</source>
        <translation>Ländercode.</translation>
    </message>
    <message>
        <source>Full name</source>
        <translation>Vollständiger Name</translation>
    </message>
    <message>
        <source>Your name.</source>
        <translation>Ihr Name.</translation>
    </message>
    <message>
        <source>Email address</source>
        <translation>E-Mail-Adresse</translation>
    </message>
    <message>
        <source>Where replies go.</source>
        <translation>Wohin Antworten gehen.</translation>
    </message>
    <message>
        <source>A date, YYYY-MM-DD.</source>
        <translation>Ein Datum, JJJJ-MM-TT.</translation>
    </message>
    <message>
        <source>Your home page.</source>
        <translation>Ihre Homepage.</translation>
    </message>
    <message>
        <source>Favourite colour</source>
        <translation>Lieblingsfarbe</translation>
    </message>
    <message>
        <source>A few lines about yourself. Multi-line text: line breaks are kept.</source>
        <translation>Ein paar Zeilen über Sie. Mehrzeiliger Text: Zeilenumbrüche bleiben erhalten.</translation>
    </message>
    <message>
        <source>Whole years, 0 to 150.</source>
        <translation>Ganze Jahre, 0 bis 150.</translation>
    </message>
    <message>
        <source>More than 0, at most 5.</source>
        <translation>Mehr als 0, höchstens 5.</translation>
    </message>
    <message>
        <source>Receive the newsletter.</source>
        <translation>Den Newsletter erhalten.</translation>
    </message>
    <message>
        <source>One to five labels.</source>
        <translation>Ein bis fünf Schlagwörter.</translation>
    </message>
    <message>
        <source>People to contact (up to three).</source>
        <translation>Kontaktpersonen (bis zu drei).</translation>
    </message>
    <message>
        <source>Their name.</source>
        <translation>Der Name der Person.</translation>
    </message>
    <message>
        <source>Their phone number.</source>
        <translation>Die Telefonnummer der Person.</translation>
    </message>
    <message>
        <source>Your home address.</source>
        <translation>Ihre Wohnanschrift.</translation>
    </message>
    <message>
        <source>Display preferences.</source>
        <translation>Anzeigeeinstellungen.</translation>
    </message>
    <message>
        <source>How we should reach you.</source>
        <translation>Wie wir Sie erreichen sollen.</translation>
    </message>
    <message>
        <source>By email</source>
        <translation>Per E-Mail</translation>
    </message>
    <message>
        <source>By phone</source>
        <translation>Per Telefon</translation>
    </message>
    <message>
        <source>Optional; null means no nickname.</source>
        <translation>Optional; null bedeutet: kein Spitzname.</translation>
    </message>
    <message>
        <source>Confirm an action</source>
        <translation>Aktion bestätigen</translation>
    </message>
    <message>
        <source>Asks you to confirm an action in a form (elicitation: a &quot;Go ahead?&quot; tick box and a reason) and answers with what you chose. Shows how a server asks the person: a request of its own in the initialize era, an input_required result in MCP 2026-07-28.</source>
        <translation>Bittet Sie in einem Formular, eine Aktion zu bestätigen (Elicitation: ein Kästchen „Fortfahren?“ und ein Grund), und antwortet mit Ihrer Wahl. Zeigt, wie ein Server die Person fragt: mit einer eigenen Anfrage in der initialize-Ära, mit einem input_required-Ergebnis in MCP 2026-07-28.</translation>
    </message>
    <message>
        <source>What to ask about, e.g. &quot;delete the draft&quot;.</source>
        <translation>Wonach gefragt werden soll, z. B. „den Entwurf löschen“.</translation>
    </message>
    <message>
        <source>Send log messages</source>
        <translation>Logmeldungen senden</translation>
    </message>
    <message>
        <source>Sends one log message at each level from debug to emergency. Set a log level first to see the client filter them.</source>
        <translation>Sendet eine Logmeldung je Stufe von debug bis emergency. Stellen Sie zuerst eine Logstufe ein, um zu sehen, wie der Client sie filtert.</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>Aktion</translation>
    </message>
    <message>
        <source>Topic</source>
        <translation>Thema</translation>
    </message>
    <message>
        <source>Seconds</source>
        <translation>Sekunden</translation>
    </message>
    <message>
        <source>How it fails</source>
        <translation>Art des Fehlers</translation>
    </message>
    <message>
        <source>Text</source>
        <translation>Text</translation>
    </message>
    <message>
        <source>A</source>
        <translation>A</translation>
    </message>
    <message>
        <source>B</source>
        <translation>B</translation>
    </message>
    <message>
        <source>Colour</source>
        <translation>Farbe</translation>
    </message>
    <message>
        <source>Frequency (Hz)</source>
        <translation>Frequenz (Hz)</translation>
    </message>
    <message>
        <source>Length (ms)</source>
        <translation>Länge (ms)</translation>
    </message>
    <message>
        <source>City</source>
        <translation>Stadt</translation>
    </message>
    <message>
        <source>Units</source>
        <translation>Einheiten</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>Grund</translation>
    </message>
    <message>
        <source>Steps</source>
        <translation>Schritte</translation>
    </message>
    <message>
        <source>Step length (ms)</source>
        <translation>Schrittdauer (ms)</translation>
    </message>
    <message>
        <source>Birthday</source>
        <translation>Geburtstag</translation>
    </message>
    <message>
        <source>Website</source>
        <translation>Website</translation>
    </message>
    <message>
        <source>About you</source>
        <translation>Über Sie</translation>
    </message>
    <message>
        <source>Age</source>
        <translation>Alter</translation>
    </message>
    <message>
        <source>Rating</source>
        <translation>Bewertung</translation>
    </message>
    <message>
        <source>Newsletter</source>
        <translation>Newsletter</translation>
    </message>
    <message>
        <source>Tags</source>
        <translation>Schlagwörter</translation>
    </message>
    <message>
        <source>Contacts</source>
        <translation>Kontakte</translation>
    </message>
    <message>
        <source>Home address</source>
        <translation>Wohnadresse</translation>
    </message>
    <message>
        <source>Preferences</source>
        <translation>Einstellungen</translation>
    </message>
    <message>
        <source>Contact method</source>
        <translation>Kontaktweg</translation>
    </message>
    <message>
        <source>Nickname</source>
        <translation>Spitzname</translation>
    </message>
    <message>
        <source>Street</source>
        <translation>Straße</translation>
    </message>
    <message>
        <source>Postcode</source>
        <translation>Postleitzahl</translation>
    </message>
    <message>
        <source>Country</source>
        <translation>Land</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Phone</source>
        <translation>Telefon</translation>
    </message>
    <message>
        <source>Theme</source>
        <translation>Design</translation>
    </message>
    <message>
        <source>Font size</source>
        <translation>Schriftgröße</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Art</translation>
    </message>
    <message>
        <source>Address</source>
        <translation>Adresse</translation>
    </message>
    <message>
        <source>Number</source>
        <translation>Nummer</translation>
    </message>
</context>
<context>
    <name>DemoPrompts</name>
    <message>
        <source>Summarize text</source>
        <translation>Text zusammenfassen</translation>
    </message>
    <message>
        <source>Asks the model to summarize a text in the style you choose.</source>
        <translation>Bittet das Modell, einen Text im gewählten Stil zusammenzufassen.</translation>
    </message>
    <message>
        <source>Text</source>
        <translation>Text</translation>
    </message>
    <message>
        <source>The text to summarize.</source>
        <translation>Der Text, der zusammengefasst werden soll.</translation>
    </message>
    <message>
        <source>Style</source>
        <translation>Stil</translation>
    </message>
    <message>
        <source>brief (the default), detailed or bullet-points.</source>
        <translation>brief (knapp, der Standard), detailed (ausführlich) oder bullet-points (Stichpunkte).</translation>
    </message>
    <message>
        <source>Please summarize the following text in two or three sentences.

%1</source>
        <translation>Bitte fasse den folgenden Text in zwei oder drei Sätzen zusammen.

%1</translation>
    </message>
    <message>
        <source>Please summarize the following text in detail, keeping every important point.

%1</source>
        <translation>Bitte fasse den folgenden Text ausführlich zusammen und lass keinen wichtigen Punkt weg.

%1</translation>
    </message>
    <message>
        <source>Please summarize the following text as a short list of bullet points.

%1</source>
        <translation>Bitte fasse den folgenden Text als kurze Liste von Stichpunkten zusammen.

%1</translation>
    </message>
    <message>
        <source>unknown style &quot;%1&quot;; use brief, detailed or bullet-points</source>
        <translation>unbekannter Stil „%1“; erlaubt sind brief, detailed oder bullet-points</translation>
    </message>
    <message>
        <source>Summarize a text (%1)</source>
        <translation>Einen Text zusammenfassen (%1)</translation>
    </message>
    <message>
        <source>Review code</source>
        <translation>Code begutachten</translation>
    </message>
    <message>
        <source>Asks the model for a friendly, specific review of a piece of code.</source>
        <translation>Bittet das Modell um eine freundliche, konkrete Begutachtung eines Stücks Code.</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>Sprache</translation>
    </message>
    <message>
        <source>The programming language, e.g. cpp or python.</source>
        <translation>Die Programmiersprache, z. B. cpp oder python.</translation>
    </message>
    <message>
        <source>Code</source>
        <translation>Code</translation>
    </message>
    <message>
        <source>The code to review.</source>
        <translation>Der Code, der begutachtet werden soll.</translation>
    </message>
    <message>
        <source>Review %1 code</source>
        <translation>%1-Code begutachten</translation>
    </message>
    <message>
        <source>Please review the %1 code below. Point out bugs, unclear names and missing tests; be kind and specific.</source>
        <translation>Bitte begutachte den folgenden %1-Code. Weise auf Fehler, unklare Namen und fehlende Tests hin; sei freundlich und konkret.</translation>
    </message>
    <message>
        <source>Write a haiku</source>
        <translation>Ein Haiku schreiben</translation>
    </message>
    <message>
        <source>A prompt added at run time by change_catalog.</source>
        <translation>Ein Prompt, den change_catalog zur Laufzeit hinzugefügt hat.</translation>
    </message>
    <message>
        <source>Topic</source>
        <translation>Thema</translation>
    </message>
    <message>
        <source>What the haiku is about.</source>
        <translation>Worum es im Haiku geht.</translation>
    </message>
    <message>
        <source>A haiku about %1</source>
        <translation>Ein Haiku über %1</translation>
    </message>
    <message>
        <source>Write a haiku (5-7-5 syllables) about %1.</source>
        <translation>Schreibe ein Haiku (5-7-5 Silben) über %1.</translation>
    </message>
</context>
<context>
    <name>DemoResources</name>
    <message>
        <source># Toolgate demo server

Welcome! This server exists so you can see everything an MCP server can offer, without
installing anything else. Nothing it does touches your files or the network.

## Things to try

1. Call **echo** with any text, then **add** with two numbers.
2. Call **generate_image** and **generate_audio** to see images and sounds.
3. Call **slow_task** and watch the progress bar; cancel it halfway.
4. Fill in the **rich_form** tool to see a form generated from a JSON Schema.
5. Subscribe to `demo://counter`, then call **touch_resource**.
6. Call **change_catalog** and watch a new tool, resource and prompt appear.
7. Call **confirm_action**: before it answers, the server asks you in a form (elicitation).
   It works in both eras of MCP: a request of the server&apos;s own (2025-11-25 and earlier), or an
   `input_required` answer that your client fulfils and retries (2026-07-28).
8. Call **research** or **long_report** as a task: the call returns at once with a task, and
   you follow its status messages until the report is ready, or cancel it. **failing_job**
   shows a task that fails, and **choose_format** a task that stops to ask you a question.
   Each takes `seconds`, how long it works.

## Resources

| URI | What it is |
| --- | --- |
| `demo://readme` | this text |
| `demo://data/config.json` | a small JSON document |
| `demo://images/logo.png` | a generated PNG picture |
| `demo://counter` | a counter that changes when you touch it |
| `demo://greeting/{name}` | a template: fill in any name |
</source>
        <translation># Toolgate-Demoserver

Willkommen! Diesen Server gibt es, damit Sie alles sehen können, was ein MCP-Server anbieten kann,
ohne etwas anderes zu installieren. Nichts, was er tut, berührt Ihre Dateien oder das Netzwerk.

## Zum Ausprobieren

1. Rufen Sie **echo** mit einem beliebigen Text auf, dann **add** mit zwei Zahlen.
2. Rufen Sie **generate_image** und **generate_audio** auf, um Bilder und Töne zu sehen.
3. Rufen Sie **slow_task** auf und beobachten Sie den Fortschrittsbalken; brechen Sie mittendrin ab.
4. Füllen Sie das Werkzeug **rich_form** aus, um ein aus einem JSON-Schema erzeugtes Formular zu sehen.
5. Abonnieren Sie `demo://counter` und rufen Sie dann **touch_resource** auf.
6. Rufen Sie **change_catalog** auf und sehen Sie zu, wie ein neues Werkzeug, eine Ressource und ein Prompt erscheinen.
7. Rufen Sie **confirm_action** auf: Bevor er antwortet, fragt Sie der Server in einem Formular (Elicitation).
   Das geht in beiden Epochen von MCP: als eigene Anfrage des Servers (2025-11-25 und früher) oder als
   Antwort `input_required`, die Ihr Client erfüllt und wiederholt (2026-07-28).
8. Rufen Sie **research** oder **long_report** als Aufgabe auf: Der Aufruf kehrt sofort mit einer Aufgabe zurück,
   und Sie verfolgen deren Statusmeldungen, bis der Bericht fertig ist, oder brechen sie ab. **failing_job**
   zeigt eine Aufgabe, die fehlschlägt, und **choose_format** eine Aufgabe, die anhält, um Ihnen eine Frage zu stellen.
   Jede nimmt `seconds`, wie lange sie arbeitet.

## Ressourcen

| URI | Was es ist |
| --- | --- |
| `demo://readme` | dieser Text |
| `demo://data/config.json` | ein kleines JSON-Dokument |
| `demo://images/logo.png` | ein erzeugtes PNG-Bild |
| `demo://counter` | ein Zähler, der sich ändert, wenn Sie ihn antippen |
| `demo://greeting/{name}` | eine Vorlage: Setzen Sie einen beliebigen Namen ein |
</translation>
    </message>
    <message>
        <source>README</source>
        <translation>README</translation>
    </message>
    <message>
        <source>What this server is and what to try first.</source>
        <translation>Was dieser Server ist und was Sie zuerst ausprobieren sollten.</translation>
    </message>
    <message>
        <source>Sample configuration</source>
        <translation>Beispielkonfiguration</translation>
    </message>
    <message>
        <source>A small JSON document with nested values.</source>
        <translation>Ein kleines JSON-Dokument mit verschachtelten Werten.</translation>
    </message>
    <message>
        <source>Logo</source>
        <translation>Logo</translation>
    </message>
    <message>
        <source>A 64 × 64 PNG picture, generated by the server (binary contents).</source>
        <translation>Ein PNG-Bild mit 64 × 64 Pixeln, vom Server erzeugt (binärer Inhalt).</translation>
    </message>
    <message>
        <source>Touch counter</source>
        <translation>Antipp-Zähler</translation>
    </message>
    <message>
        <source>A number that grows each time you call touch_resource. Subscribe to hear about changes.</source>
        <translation>Eine Zahl, die bei jedem Aufruf von touch_resource wächst. Abonnieren Sie sie, um von Änderungen zu erfahren.</translation>
    </message>
    <message>
        <source>This resource has been touched %L1 times.</source>
        <translation>Diese Ressource wurde %L1-mal angetippt.</translation>
    </message>
    <message>
        <source>Hello, C++</source>
        <translation>Hallo, C++</translation>
    </message>
    <message>
        <source>A short C++ program.</source>
        <translation>Ein kurzes C++-Programm.</translation>
    </message>
    <message>
        <source>Binary sample</source>
        <translation>Binärbeispiel</translation>
    </message>
    <message>
        <source>64 bytes of binary data that are not text.</source>
        <translation>64 Bytes Binärdaten, die kein Text sind.</translation>
    </message>
    <message>
        <source>Personal greeting</source>
        <translation>Persönlicher Gruß</translation>
    </message>
    <message>
        <source>A greeting for any name: replace {name}, e.g. demo://greeting/Ada.</source>
        <translation>Ein Gruß für einen beliebigen Namen: Ersetzen Sie {name}, z. B. demo://greeting/Ada.</translation>
    </message>
    <message>
        <source>Hello, %1! Welcome to the Toolgate demo server.</source>
        <translation>Hallo, %1! Willkommen beim Toolgate-Demoserver.</translation>
    </message>
    <message>
        <source>Extra notes</source>
        <translation>Zusätzliche Notizen</translation>
    </message>
    <message>
        <source>A resource added at run time by change_catalog.</source>
        <translation>Eine Ressource, die change_catalog zur Laufzeit hinzugefügt hat.</translation>
    </message>
    <message>
        <source>These notes appeared because someone called change_catalog.</source>
        <translation>Diese Notizen sind erschienen, weil jemand change_catalog aufgerufen hat.</translation>
    </message>
    <message>
        <source>What this server is and what to try first</source>
        <translation>Was dieser Server ist und was Sie zuerst ausprobieren sollten</translation>
    </message>
    <message>
        <source>A small JSON document</source>
        <translation>Ein kleines JSON-Dokument</translation>
    </message>
    <message>
        <source>A generated 64 × 64 PNG</source>
        <translation>Ein erzeugtes PNG mit 64 × 64 Pixeln</translation>
    </message>
    <message>
        <source>Greeting for Toolgate</source>
        <translation>Gruß an Toolgate</translation>
    </message>
    <message>
        <source>Made from the resource template demo://greeting/{name}</source>
        <translation>Aus der Ressourcenvorlage demo://greeting/{name} gebildet</translation>
    </message>
</context>
<context>
    <name>DemoResults</name>
    <message>
        <source>the demo server is shutting down</source>
        <translation>der Demoserver wird gerade beendet</translation>
    </message>
    <message>
        <source>The coin landed on heads.</source>
        <translation>Die Münze zeigt Kopf.</translation>
    </message>
    <message>
        <source>The coin landed on tails.</source>
        <translation>Die Münze zeigt Zahl.</translation>
    </message>
    <message>
        <source>Invalid arguments for change_catalog: &quot;action&quot; must be toggle, add or remove.</source>
        <translation>Ungültige Argumente für change_catalog: „action“ muss toggle, add oder remove sein.</translation>
    </message>
    <message>
        <source>The extras are already there; nothing changed.</source>
        <translation>Die Extras sind schon da; nichts wurde geändert.</translation>
    </message>
    <message>
        <source>The extras are already gone; nothing changed.</source>
        <translation>Die Extras sind schon weg; nichts wurde geändert.</translation>
    </message>
    <message>
        <source>Added the tool coin_flip, the resource demo://extra/notes and the prompt haiku. The client was told with list_changed notifications; refresh the lists to see them.</source>
        <translation>Das Werkzeug coin_flip, die Ressource demo://extra/notes und der Prompt haiku wurden hinzugefügt. Der Client wurde mit list_changed-Benachrichtigungen informiert; aktualisieren Sie die Listen, um sie zu sehen.</translation>
    </message>
    <message>
        <source>Removed coin_flip, demo://extra/notes and haiku again (list_changed notifications sent).</source>
        <translation>coin_flip, demo://extra/notes und haiku wurden wieder entfernt (list_changed-Benachrichtigungen gesendet).</translation>
    </message>
    <message>
        <source>demo://counter is now %L1. Subscribers were sent notifications/resources/updated.</source>
        <translation>demo://counter steht jetzt auf %L1. Abonnenten wurde notifications/resources/updated gesendet.</translation>
    </message>
    <message>
        <source>demo://counter is now %L1. Nobody is subscribed to it, so no notification was sent.</source>
        <translation>demo://counter steht jetzt auf %L1. Niemand hat ihn abonniert, daher wurde keine Benachrichtigung gesendet.</translation>
    </message>
    <message>
        <source>&quot;seconds&quot; must be a number from 0 to 3600</source>
        <translation>„seconds“ muss eine Zahl von 0 bis 3600 sein</translation>
    </message>
    <message>
        <source>Step %1 of %2: %3</source>
        <translation>Schritt %1 von %2: %3</translation>
    </message>
    <message>
        <source>Invalid arguments for %1: %2.</source>
        <translation>Ungültige Argumente für %1: %2.</translation>
    </message>
    <message>
        <source>Looking for sources about %1</source>
        <translation>Suche nach Quellen zu %1</translation>
    </message>
    <message>
        <source>Reading the first source</source>
        <translation>Lese die erste Quelle</translation>
    </message>
    <message>
        <source>Reading the second source</source>
        <translation>Lese die zweite Quelle</translation>
    </message>
    <message>
        <source>Comparing what they say</source>
        <translation>Vergleiche, was sie sagen</translation>
    </message>
    <message>
        <source>Writing the summary</source>
        <translation>Schreibe die Zusammenfassung</translation>
    </message>
    <message>
        <source>Research report on &quot;%1&quot; (after %2 s of pretend work):
- Two made-up sources agree that %1 is worth a closer look.
- Nothing here was fetched from anywhere: this is a demo.</source>
        <translation>Recherchebericht zu „%1“ (nach %2 s vorgetäuschter Arbeit):
- Zwei erfundene Quellen sind sich einig, dass %1 einen genaueren Blick wert ist.
- Nichts hiervon wurde irgendwo abgerufen: Dies ist eine Demo.</translation>
    </message>
    <message>
        <source>Introduction</source>
        <translation>Einleitung</translation>
    </message>
    <message>
        <source>Background</source>
        <translation>Hintergrund</translation>
    </message>
    <message>
        <source>Findings</source>
        <translation>Ergebnisse</translation>
    </message>
    <message>
        <source>Open questions</source>
        <translation>Offene Fragen</translation>
    </message>
    <message>
        <source>Conclusion</source>
        <translation>Fazit</translation>
    </message>
    <message>
        <source>Writing chapter %1 of %2: %3</source>
        <translation>Schreibe Kapitel %1 von %2: %3</translation>
    </message>
    <message>
        <source># A long report on %1
</source>
        <translation># Ein langer Bericht über %1
</translation>
    </message>
    <message>
        <source>
## %1

A paragraph of pretend text about %2.
</source>
        <translation>
## %1

Ein Absatz vorgetäuschter Text über %2.
</translation>
    </message>
    <message>
        <source>&quot;how&quot; must be error or tool_error</source>
        <translation>„how“ muss error oder tool_error sein</translation>
    </message>
    <message>
        <source>so far so good</source>
        <translation>so weit, so gut</translation>
    </message>
    <message>
        <source>something went wrong</source>
        <translation>etwas ist schiefgegangen</translation>
    </message>
    <message>
        <source>The job broke down at its last step (a tool error, isError: true). This is on purpose: the demo shows what a failed job looks like.</source>
        <translation>Der Auftrag ist bei seinem letzten Schritt gescheitert (ein Werkzeugfehler, isError: true). Das ist Absicht: Die Demo zeigt, wie ein gescheiterter Auftrag aussieht.</translation>
    </message>
    <message>
        <source>The job broke down at its last step. This is on purpose: the demo shows what a failed task looks like.</source>
        <translation>Der Auftrag ist bei seinem letzten Schritt gescheitert. Das ist Absicht: Die Demo zeigt, wie eine gescheiterte Aufgabe aussieht.</translation>
    </message>
    <message>
        <source>Format</source>
        <translation>Format</translation>
    </message>
    <message>
        <source>How the summary should be written.</source>
        <translation>Wie die Zusammenfassung geschrieben werden soll.</translation>
    </message>
    <message>
        <source>Which format should the summary have?</source>
        <translation>Welches Format soll die Zusammenfassung haben?</translation>
    </message>
    <message>
        <source>Summary of %1: the pretend sources agree that it is worth a closer look, and nothing was fetched from anywhere.</source>
        <translation>Zusammenfassung zu %1: Die vorgetäuschten Quellen sind sich einig, dass es einen genaueren Blick wert ist, und nichts wurde irgendwo abgerufen.</translation>
    </message>
    <message>
        <source>| Topic | Sources | Verdict |
|---|---|---|
| %1 | 2 | worth a closer look |</source>
        <translation>| Thema | Quellen | Urteil |
|---|---|---|
| %1 | 2 | einen genaueren Blick wert |</translation>
    </message>
    <message>
        <source>Summary of %1:
- two pretend sources
- worth a closer look
- nothing was fetched</source>
        <translation>Zusammenfassung zu %1:
- zwei vorgetäuschte Quellen
- einen genaueren Blick wert
- nichts wurde abgerufen</translation>
    </message>
    <message>
        <source>one paragraph</source>
        <comment>summary format</comment>
        <translation>ein Absatz</translation>
    </message>
    <message>
        <source>a table</source>
        <comment>summary format</comment>
        <translation>eine Tabelle</translation>
    </message>
    <message>
        <source>bullet points</source>
        <comment>summary format</comment>
        <translation>Stichpunkte</translation>
    </message>
    <message>
        <source>gathering notes about %1</source>
        <translation>sammle Notizen zu %1</translation>
    </message>
    <message>
        <source>Waiting for you to choose a format</source>
        <translation>Wartet darauf, dass Sie ein Format wählen</translation>
    </message>
    <message>
        <source>Could not ask you for a format: %1</source>
        <translation>Konnte Sie nicht nach einem Format fragen: %1</translation>
    </message>
    <message>
        <source>You did not choose a format (declined), so no summary was written.</source>
        <translation>Sie haben kein Format gewählt (abgelehnt), daher wurde keine Zusammenfassung geschrieben.</translation>
    </message>
    <message>
        <source>You did not choose a format (cancelled), so no summary was written.</source>
        <translation>Sie haben kein Format gewählt (abgebrochen), daher wurde keine Zusammenfassung geschrieben.</translation>
    </message>
    <message>
        <source>writing the summary as %1</source>
        <translation>schreibe die Zusammenfassung als %1</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is required</source>
        <translation>„%1“ ist erforderlich</translation>
    </message>
    <message>
        <source>&quot;%1&quot; must be a string</source>
        <translation>„%1“ muss eine Zeichenkette sein</translation>
    </message>
    <message>
        <source>&quot;%1&quot; must be one of %2, not &quot;%3&quot;</source>
        <translation>„%1“ muss einer der Werte %2 sein, nicht „%3“</translation>
    </message>
    <message>
        <source>&quot;%1&quot; must be a number</source>
        <translation>„%1“ muss eine Zahl sein</translation>
    </message>
    <message>
        <source>&quot;%1&quot; must be a whole number</source>
        <translation>„%1“ muss eine ganze Zahl sein</translation>
    </message>
    <message>
        <source>&quot;%1&quot; must be between %2 and %3, not %4</source>
        <translation>„%1“ muss zwischen %2 und %3 liegen, nicht bei %4</translation>
    </message>
    <message>
        <source>%L1 + %L2 = %L3</source>
        <translation>%L1 + %L2 = %L3</translation>
    </message>
    <message>
        <source># Report: %1

A sample report written in **Markdown**, so a client can show how it renders *rich text*.

## Highlights

- Every MCP content type has a demo tool
- Progress, cancellation and logging all work
  - nested list item
- See the [MCP specification](https://modelcontextprotocol.io/specification)

## Content types

| Type | Demo tool | Binary |
| :--- | :--- | :---: |
| text | echo | no |
| image | generate_image | yes |
| audio | generate_audio | yes |
| resource | embedded_resources | both |
| resource_link | resource_links | no |

## Code

```cpp
auto result = session.callTool(&quot;echo&quot;, {{&quot;text&quot;, &quot;hi&quot;}});
```

&gt; Quote: &quot;Show, don&apos;t tell.&quot;

1. First
2. Second
3. Third

---
*Generated by toolgate-demo-server.*
</source>
        <translation># Bericht: %1

Ein Beispielbericht in **Markdown**, damit ein Client zeigen kann, wie er *formatierten Text* darstellt.

## Höhepunkte

- Jede Art von MCP-Inhalt hat ein Demo-Werkzeug
- Fortschritt, Abbrechen und Logging funktionieren
  - verschachtelter Listenpunkt
- Siehe die [MCP-Spezifikation](https://modelcontextprotocol.io/specification)

## Inhaltsarten

| Art | Demo-Werkzeug | Binär |
| :--- | :--- | :---: |
| text | echo | nein |
| image | generate_image | ja |
| audio | generate_audio | ja |
| resource | embedded_resources | beides |
| resource_link | resource_links | nein |

## Code

```cpp
auto result = session.callTool(&quot;echo&quot;, {{&quot;text&quot;, &quot;hi&quot;}});
```

&gt; Zitat: „Zeigen, nicht erzählen.“

1. Erstens
2. Zweitens
3. Drittens

---
*Erzeugt von toolgate-demo-server.*
</translation>
    </message>
    <message>
        <source>red</source>
        <comment>colour of the generated pattern</comment>
        <translation>Rot</translation>
    </message>
    <message>
        <source>orange</source>
        <comment>colour of the generated pattern</comment>
        <translation>Orange</translation>
    </message>
    <message>
        <source>yellow</source>
        <comment>colour of the generated pattern</comment>
        <translation>Gelb</translation>
    </message>
    <message>
        <source>green</source>
        <comment>colour of the generated pattern</comment>
        <translation>Grün</translation>
    </message>
    <message>
        <source>blue</source>
        <comment>colour of the generated pattern</comment>
        <translation>Blau</translation>
    </message>
    <message>
        <source>purple</source>
        <comment>colour of the generated pattern</comment>
        <translation>Lila</translation>
    </message>
    <message>
        <source>A 64 × 64 %1 pattern, drawn by the server (PNG, %L2 bytes).</source>
        <translation>Ein Muster von 64 × 64 Pixeln in %1, vom Server gezeichnet (PNG, %L2 Bytes).</translation>
    </message>
    <message>
        <source>A %L1 Hz sine tone lasting %L2 ms (WAV, 16-bit mono, 8 kHz, %L3 bytes).</source>
        <translation>Ein Sinuston mit %L1 Hz, %L2 ms lang (WAV, 16 Bit, mono, 8 kHz, %L3 Bytes).</translation>
    </message>
    <message>
        <source>Three embedded resources follow: C++ source code, a JSON document and a binary file. Their contents travel inside this result; the same URIs can also be read with resources/read.</source>
        <translation>Es folgen drei eingebettete Ressourcen: C++-Quelltext, ein JSON-Dokument und eine Binärdatei. Ihr Inhalt steckt in diesem Ergebnis; dieselben URIs lassen sich auch mit resources/read lesen.</translation>
    </message>
    <message>
        <source>Links to four of this server&apos;s resources. Unlike embedded resources, links carry no contents: open one to read it with resources/read.</source>
        <translation>Links auf vier Ressourcen dieses Servers. Anders als eingebettete Ressourcen haben Links keinen Inhalt: Öffnen Sie einen, um ihn mit resources/read zu lesen.</translation>
    </message>
    <message>
        <source>Invalid arguments for weather: &quot;city&quot; must not be empty.</source>
        <translation>Ungültige Argumente für weather: „city“ darf nicht leer sein.</translation>
    </message>
    <message>
        <source>sunny</source>
        <comment>weather</comment>
        <translation>sonnig</translation>
    </message>
    <message>
        <source>partly cloudy</source>
        <comment>weather</comment>
        <translation>teils bewölkt</translation>
    </message>
    <message>
        <source>cloudy</source>
        <comment>weather</comment>
        <translation>bewölkt</translation>
    </message>
    <message>
        <source>rainy</source>
        <comment>weather</comment>
        <translation>regnerisch</translation>
    </message>
    <message>
        <source>stormy</source>
        <comment>weather</comment>
        <translation>stürmisch</translation>
    </message>
    <message>
        <source>snowy</source>
        <comment>weather</comment>
        <translation>verschneit</translation>
    </message>
    <message>
        <source>foggy</source>
        <comment>weather</comment>
        <translation>neblig</translation>
    </message>
    <message>
        <source>Made-up weather for %1: %2 %3, %4, humidity %5 %, wind %6 km/h.</source>
        <translation>Erfundenes Wetter für %1: %2 %3, %4, Luftfeuchtigkeit %5 %, Wind %6 km/h.</translation>
    </message>
    <message>
        <source>This result deliberately breaks the tool&apos;s output schema: &quot;temperature&quot; is a string instead of a number, the required &quot;conditions&quot; is missing and &quot;humidity&quot; is not allowed. A careful client flags it.</source>
        <translation>Dieses Ergebnis verstößt absichtlich gegen das Ausgabeschema des Werkzeugs: „temperature“ ist eine Zeichenkette statt einer Zahl, das erforderliche „conditions“ fehlt und „humidity“ ist nicht erlaubt. Ein sorgfältiger Client weist darauf hin.</translation>
    </message>
    <message>
        <source>the demo wanted to show what a failed tool call looks like</source>
        <translation>die Demo wollte zeigen, wie ein gescheiterter Werkzeugaufruf aussieht</translation>
    </message>
    <message>
        <source>Sorry, this tool could not finish: %1. This is a tool-level error (isError: true), not a protocol error: the call itself worked, and the model gets this text to decide what to do next.</source>
        <translation>Leider konnte dieses Werkzeug nicht fertig werden: %1. Das ist ein Fehler auf Werkzeugebene (isError: true), kein Protokollfehler: Der Aufruf selbst hat funktioniert, und das Modell bekommt diesen Text, um zu entscheiden, was es als Nächstes tut.</translation>
    </message>
    <message>
        <source>Warming up</source>
        <translation>Aufwärmen</translation>
    </message>
    <message>
        <source>Counting sheep</source>
        <translation>Schäfchen zählen</translation>
    </message>
    <message>
        <source>Polishing bits</source>
        <translation>Bits polieren</translation>
    </message>
    <message>
        <source>Reticulating splines</source>
        <translation>Splines retikulieren</translation>
    </message>
    <message>
        <source>Almost there</source>
        <translation>Fast geschafft</translation>
    </message>
    <message>
        <source>Finished all %L1 steps (about %L2 ms).</source>
        <translation>Alle %L1 Schritte erledigt (etwa %L2 ms).</translation>
    </message>
    <message>
        <source>The form arrived with these values:

```json
%1
```</source>
        <translation>Das Formular kam mit diesen Werten an:

```json
%1
```</translation>
    </message>
    <message>
        <source>Go ahead?</source>
        <translation>Fortfahren?</translation>
    </message>
    <message>
        <source>Tick to let the demo go ahead.</source>
        <translation>Ankreuzen, damit die Demo fortfährt.</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>Grund</translation>
    </message>
    <message>
        <source>Why (optional).</source>
        <translation>Warum (optional).</translation>
    </message>
    <message>
        <source>Really %1?</source>
        <translation>Wirklich „%1“?</translation>
    </message>
    <message>
        <source>declined: you said no to &quot;%1&quot;, so nothing was done.</source>
        <translation>abgelehnt: Sie haben „%1“ verneint, daher wurde nichts getan.</translation>
    </message>
    <message>
        <source>cancelled: you closed the form without answering, so &quot;%1&quot; was not done.</source>
        <translation>abgebrochen: Sie haben das Formular ohne Antwort geschlossen, daher wurde „%1“ nicht ausgeführt.</translation>
    </message>
    <message>
        <source>The client answered the form with &quot;%1&quot;, which is not accept, decline or cancel.</source>
        <translation>Der Client hat das Formular mit „%1“ beantwortet, was weder accept noch decline noch cancel ist.</translation>
    </message>
    <message>
        <source>accepted: %1. The demo would now %2 (it does nothing for real).</source>
        <translation>angenommen: %1. Die Demo würde jetzt „%2“ ausführen (sie tut nichts wirklich).</translation>
    </message>
    <message>
        <source>accepted: %1. You did not tick &quot;Go ahead?&quot;, so &quot;%2&quot; was not done.</source>
        <translation>angenommen: %1. Sie haben „Fortfahren?“ nicht angekreuzt, daher wurde „%2“ nicht ausgeführt.</translation>
    </message>
    <message>
        <source>Could not ask you: %1</source>
        <translation>Konnte Sie nicht fragen: %1</translation>
    </message>
    <message>
        <source>A demo notice with structured data</source>
        <translation>Ein Demo-Hinweis mit strukturierten Daten</translation>
    </message>
    <message>
        <source>A demo %1 message (nothing is actually wrong)</source>
        <translation>Eine Demo-Meldung der Stufe %1 (es ist nichts wirklich falsch)</translation>
    </message>
    <message>
        <source>You asked for &quot;%1&quot; and above (%2), so %3 of them reached you.</source>
        <translation>Sie haben „%1“ und höher angefordert (%2), daher haben %3 davon Sie erreicht.</translation>
    </message>
    <message>
        <source>the request&apos;s log level</source>
        <translation>die Logstufe der Anfrage</translation>
    </message>
    <message>
        <source>Your request named no log level, so none of them were sent.</source>
        <translation>Ihre Anfrage nannte keine Logstufe, daher wurde keine davon gesendet.</translation>
    </message>
    <message>
        <source>You did not set a log level, so all of them were sent.</source>
        <translation>Sie haben keine Logstufe gesetzt, daher wurden alle gesendet.</translation>
    </message>
    <message>
        <source>Sent %1 log messages, one per level from debug to emergency. %2</source>
        <translation>%1 Logmeldungen gesendet, eine je Stufe von debug bis emergency. %2</translation>
    </message>
</context>
<context>
    <name>DemoServer</name>
    <message>
        <source>A friendly sample server that shows every kind of MCP content and feature.</source>
        <translation>Ein freundlicher Beispielserver, der jede Art von MCP-Inhalt und jede Funktion zeigt.</translation>
    </message>
    <message>
        <source>This is a **demo server** for trying MCP and Toolgate; nothing it does touches files or the network.

Every tool shows one feature: `echo` and `add` for the basics, `generate_image` and `generate_audio` for media, `embedded_resources` and `resource_links` for resources, `weather` for structured output, `slow_task` for progress and cancellation, `rich_form` for forms, `confirm_action` for a server asking you (elicitation), `log_messages` for logging and `change_catalog` for live updates. `research`, `long_report`, `failing_job` and `choose_format` run for a while as tasks, which you can follow, answer and cancel.

Read demo://readme for a tour.</source>
        <translation>Dies ist ein **Demoserver** zum Ausprobieren von MCP und Toolgate; nichts, was er tut, berührt Dateien oder das Netzwerk.

Jedes Werkzeug zeigt eine Funktion: `echo` und `add` die Grundlagen, `generate_image` und `generate_audio` Medien, `embedded_resources` und `resource_links` Ressourcen, `weather` strukturierte Ausgabe, `slow_task` Fortschritt und Abbrechen, `rich_form` Formulare, `confirm_action` einen Server, der Sie fragt (Elicitation), `log_messages` Logmeldungen und `change_catalog` Änderungen im laufenden Betrieb. `research`, `long_report`, `failing_job` und `choose_format` laufen eine Weile als Aufgaben, die Sie verfolgen, beantworten und abbrechen können.

Lesen Sie demo://readme für einen Rundgang.</translation>
    </message>
</context>
</TS>

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
        <translation>Recherche (kann als Task laufen)</translation>
    </message>
    <message>
        <source>Pretends to research a topic for a few seconds, step by step, and returns a short report. It can run as a task: the client gets a task at once, watches its status messages and fetches the report when it is done, or cancels it. It can also be called the ordinary way.</source>
        <translation>Tut ein paar Sekunden lang so, als recherchiere es Schritt für Schritt ein Thema, und gibt einen kurzen Bericht zurück. Es kann als Task laufen: Der Client erhält sofort einen Task, verfolgt dessen Statusmeldungen und holt den Bericht ab, wenn er fertig ist, oder bricht ihn ab. Es lässt sich auch auf die gewöhnliche Weise aufrufen.</translation>
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
        <translation>Langer Bericht (immer ein Task)</translation>
    </message>
    <message>
        <source>Writes a report chapter by chapter, which takes a while (10 seconds unless you say otherwise). It only runs as a task: the client follows it and fetches the report when it is done, or cancels it halfway.</source>
        <translation>Schreibt einen Bericht Kapitel für Kapitel, was eine Weile dauert (10 Sekunden, wenn Sie nichts anderes angeben). Es läuft nur als Task: Der Client verfolgt ihn und holt den Bericht ab, wenn er fertig ist, oder bricht ihn mittendrin ab.</translation>
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
        <translation>Scheiternder Auftrag (ein Task, der fehlschlägt)</translation>
    </message>
    <message>
        <source>Works for a few seconds and then fails on purpose, so you can see what a failed task looks like. &quot;how&quot; picks the kind of failure: error (the task fails) or tool_error (the tool answers with an error message).</source>
        <translation>Arbeitet ein paar Sekunden und schlägt dann absichtlich fehl, damit Sie sehen, wie ein gescheiterter Task aussieht. „how“ wählt die Art des Fehlers: error (der Task scheitert) oder tool_error (das Werkzeug antwortet mit einer Fehlermeldung).</translation>
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
        <translation>Format wählen (ein Task, der Sie fragt)</translation>
    </message>
    <message>
        <source>Gathers notes for a while, then asks you which format the summary should have (a form), and finishes the summary in that format. It only runs as a task: while it waits for your answer the task says input_required.</source>
        <translation>Sammelt eine Weile Notizen, fragt Sie dann, welches Format die Zusammenfassung haben soll (ein Formular), und stellt die Zusammenfassung in diesem Format fertig. Es läuft nur als Task: Solange er auf Ihre Antwort wartet, meldet der Task input_required.</translation>
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
</context>
</TS>

<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name>Cli</name>
    <message>
        <source>read-only</source>
        <translation>nur lesend</translation>
    </message>
    <message>
        <source>may modify things</source>
        <translation>kann Dinge verändern</translation>
    </message>
    <message>
        <source>destructive</source>
        <translation>zerstörerisch</translation>
    </message>
    <message>
        <source>not destructive</source>
        <translation>nicht zerstörerisch</translation>
    </message>
    <message>
        <source>idempotent</source>
        <translation>Wiederholen unbedenklich</translation>
    </message>
    <message>
        <source>not idempotent</source>
        <translation>Wiederholen nicht unbedenklich</translation>
    </message>
    <message>
        <source>reaches outside systems</source>
        <translation>erreicht Systeme außerhalb</translation>
    </message>
    <message>
        <source>closed world</source>
        <translation>bleibt in seinem eigenen System</translation>
    </message>
    <message>
        <source>
Tool call request
</source>
        <translation>
Anfrage für einen Werkzeugaufruf
</translation>
    </message>
    <message>
        <source>Server</source>
        <translation>Server</translation>
    </message>
    <message>
        <source>Reports as</source>
        <translation>Nennt sich</translation>
    </message>
    <message>
        <source> (self-reported)</source>
        <translation> (Selbstauskunft)</translation>
    </message>
    <message>
        <source>Tool</source>
        <translation>Werkzeug</translation>
    </message>
    <message>
        <source>Description</source>
        <translation>Beschreibung</translation>
    </message>
    <message>
        <source>Annotations</source>
        <translation>Hinweise</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>
(claims made by the server, not verified by Toolgate)</source>
        <translation>
(Angaben des Servers, von Toolgate nicht überprüft)</translation>
    </message>
    <message>
        <source>Problems</source>
        <translation>Probleme</translation>
    </message>
    <message>
        <source>the arguments do not match the tool&apos;s input schema:
</source>
        <translation>die Argumente passen nicht zum Eingabeschema des Werkzeugs:
</translation>
    </message>
    <message>
        <source>  Arguments (sent exactly as shown):
</source>
        <translation>  Argumente (werden genau so gesendet):
</translation>
    </message>
    <message>
        <source>cannot create the folder %1</source>
        <translation>der Ordner %1 kann nicht angelegt werden</translation>
    </message>
    <message>
        <source>cannot write %1: %2</source>
        <translation>%1 kann nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>Show help.</source>
        <translation>Hilfe anzeigen.</translation>
    </message>
    <message>
        <source>The audit store.</source>
        <translation>Der Audit-Speicher.</translation>
    </message>
    <message>
        <source>JSON output.</source>
        <translation>JSON-Ausgabe.</translation>
    </message>
    <message>
        <source>Record type.</source>
        <translation>Art des Eintrags.</translation>
    </message>
    <message>
        <source>Server name.</source>
        <translation>Name des Servers.</translation>
    </message>
    <message>
        <source>Tool name.</source>
        <translation>Name des Werkzeugs.</translation>
    </message>
    <message>
        <source>Decision.</source>
        <translation>Entscheidung.</translation>
    </message>
    <message>
        <source>Outcome.</source>
        <translation>Ergebnis.</translation>
    </message>
    <message>
        <source>From.</source>
        <translation>Von.</translation>
    </message>
    <message>
        <source>Until.</source>
        <translation>Bis.</translation>
    </message>
    <message>
        <source>Words.</source>
        <translation>Suchwörter.</translation>
    </message>
    <message>
        <source>How many.</source>
        <translation>Wie viele.</translation>
    </message>
    <message>
        <source>Older than id.</source>
        <translation>Älter als ID.</translation>
    </message>
    <message>
        <source>jsonl or csv.</source>
        <translation>jsonl oder csv.</translation>
    </message>
    <message>
        <source>File.</source>
        <translation>Datei.</translation>
    </message>
    <message>
        <source>missing command: list, show, export or verify</source>
        <translation>Befehl fehlt: list, show, export oder verify</translation>
    </message>
    <message>
        <source>unknown --type &quot;%1&quot; (tool_call, server_request, connection)</source>
        <translation>unbekannter --type &quot;%1&quot; (tool_call, server_request, connection)</translation>
    </message>
    <message>
        <source>unknown --outcome &quot;%1&quot; (pending, succeeded, tool_error, denied, invalid_arguments, failed, cancelled, unknown)</source>
        <translation>unbekanntes --outcome &quot;%1&quot; (pending, succeeded, tool_error, denied, invalid_arguments, failed, cancelled, unknown)</translation>
    </message>
    <message>
        <source>--%1: &quot;%2&quot; is neither a date, a date and time, nor an age like 2h or 7d</source>
        <translation>--%1: &quot;%2&quot; ist weder ein Datum noch Datum und Uhrzeit noch ein Alter wie 2h oder 7d</translation>
    </message>
    <message>
        <source>--limit needs a positive number</source>
        <translation>--limit braucht eine positive Zahl</translation>
    </message>
    <message>
        <source>--before needs a record id</source>
        <translation>--before braucht die ID eines Eintrags</translation>
    </message>
    <message>
        <source>%1 of %2 matching records, newest first.</source>
        <translation>%1 von %2 passenden Einträgen, neueste zuerst.</translation>
    </message>
    <message>
        <source> Older: --before %1</source>
        <translation> Ältere: --before %1</translation>
    </message>
    <message>
        <source>usage: toolgate-cli audit show ID</source>
        <translation>Aufruf: toolgate-cli audit show ID</translation>
    </message>
    <message>
        <source>Record</source>
        <translation>Eintrag</translation>
    </message>
    <message>
        <source>Started</source>
        <translation>Begonnen</translation>
    </message>
    <message>
        <source>From</source>
        <translation>Von</translation>
    </message>
    <message>
        <source>, session </source>
        <translation>, Sitzung </translation>
    </message>
    <message>
        <source>Made by</source>
        <translation>Ausgelöst von</translation>
    </message>
    <message>
        <source>the app in the result of call #%1</source>
        <translation>die App im Ergebnis von Aufruf #%1</translation>
    </message>
    <message>
        <source>Endpoint</source>
        <translation>Endpunkt</translation>
    </message>
    <message>
        <source>Server says</source>
        <translation>Server sagt</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Arguments (as requested):
</source>
        <translation>Argumente (wie angefragt):
</translation>
    </message>
    <message>
        <source>Arguments:
</source>
        <translation>Argumente:
</translation>
    </message>
    <message>
        <source>Arguments (edited by the human, as sent):
</source>
        <translation>Argumente (vom Menschen bearbeitet, wie gesendet):
</translation>
    </message>
    <message>
        <source>Decision</source>
        <translation>Entscheidung</translation>
    </message>
    <message>
        <source> by </source>
        <translation> durch </translation>
    </message>
    <message>
        <source>a remembered rule</source>
        <translation>eine gespeicherte Regel</translation>
    </message>
    <message>
        <source>a human</source>
        <translation>einen Menschen</translation>
    </message>
    <message>
        <source>Decided</source>
        <translation>Entschieden</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>Grund</translation>
    </message>
    <message>
        <source>Outcome</source>
        <translation>Ergebnis</translation>
    </message>
    <message>
        <source>Finished</source>
        <translation>Beendet</translation>
    </message>
    <message>
        <source>Duration</source>
        <translation>Dauer</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>Fehler</translation>
    </message>
    <message>
        <source>%1 bytes as received</source>
        <translation>%1 Byte wie empfangen</translation>
    </message>
    <message>
        <source>Result%1:
</source>
        <translation>Ergebnis%1:
</translation>
    </message>
    <message>
        <source>Hash chain:
</source>
        <translation>Hash-Kette:
</translation>
    </message>
    <message>
        <source>unknown --format &quot;%1&quot; (jsonl, csv)</source>
        <translation>unbekanntes --format &quot;%1&quot; (jsonl, csv)</translation>
    </message>
    <message>
        <source>OK: %1 records, %2 chain events, all intact.
Chain head: #%3 %4
</source>
        <translation>OK: %1 Einträge, %2 Kettenereignisse, alle unversehrt.
Kettenkopf: #%3 %4
</translation>
    </message>
    <message>
        <source>All %1 problems found%2:
</source>
        <translation>Alle %1 gefundenen Probleme%2:
</translation>
    </message>
    <message>
        <source> (first %1)</source>
        <translation> (die ersten %1)</translation>
    </message>
    <message>
        <source>Checked %1 records and %2 chain events.
</source>
        <translation>%1 Einträge und %2 Kettenereignisse geprüft.
</translation>
    </message>
    <message>
        <source>Run toolgate-cli audit --help for usage.
</source>
        <translation>Die Bedienung zeigt toolgate-cli audit --help.
</translation>
    </message>
    <message>
        <source>unknown command &quot;%1&quot;: list, show, export or verify</source>
        <translation>unbekannter Befehl &quot;%1&quot;: list, show, export oder verify</translation>
    </message>
    <message>
        <source>the tool arguments are not valid JSON (at character %1: %2): %3</source>
        <translation>die Werkzeugargumente sind kein gültiges JSON (bei Zeichen %1: %2): %3</translation>
    </message>
    <message>
        <source>the tool arguments must be a JSON object like {&quot;key&quot;: 1}: %1</source>
        <translation>die Werkzeugargumente müssen ein JSON-Objekt wie {&quot;key&quot;: 1} sein: %1</translation>
    </message>
    <message>
        <source>expected %1 as key=value, not &quot;%2&quot;%3</source>
        <translation>%1 als key=value erwartet, nicht &quot;%2&quot;%3</translation>
    </message>
    <message>
        <source> (a JSON object may only come first)</source>
        <translation> (ein JSON-Objekt darf nur als erstes kommen)</translation>
    </message>
    <message>
        <source>%1 needs more arguments: %2</source>
        <translation>%1 braucht mehr Argumente: %2</translation>
    </message>
    <message>
        <source>%1 takes no more arguments than %2; unexpected &quot;%3&quot;</source>
        <translation>%1 nimmt nicht mehr Argumente als %2; unerwartet: &quot;%3&quot;</translation>
    </message>
    <message>
        <source>nothing follows &quot;--&quot;; give the server command to start after it</source>
        <translation>nach &quot;--&quot; folgt nichts; geben Sie danach den Befehl an, der den Server startet</translation>
    </message>
    <message>
        <source>%1 needs a value</source>
        <translation>%1 braucht einen Wert</translation>
    </message>
    <message>
        <source>%1 takes no value</source>
        <translation>%1 nimmt keinen Wert</translation>
    </message>
    <message>
        <source>--root wants an existing folder, not &quot;%1&quot;</source>
        <translation>--root erwartet einen vorhandenen Ordner, nicht &quot;%1&quot;</translation>
    </message>
    <message>
        <source>--timeout wants a number of seconds above 0, not &quot;%1&quot;</source>
        <translation>--timeout erwartet eine Anzahl Sekunden über 0, nicht &quot;%1&quot;</translation>
    </message>
    <message>
        <source>give the tool arguments as JSON only once</source>
        <translation>geben Sie die Werkzeugargumente nur einmal als JSON an</translation>
    </message>
    <message>
        <source>unknown option %1 (see --help)</source>
        <translation>unbekannte Option %1 (siehe --help)</translation>
    </message>
    <message>
        <source>no command given; commands: %1 (see --help)</source>
        <translation>kein Befehl angegeben; Befehle: %1 (siehe --help)</translation>
    </message>
    <message>
        <source>unknown command &quot;%1&quot;; commands: %2</source>
        <translation>unbekannter Befehl &quot;%1&quot;; Befehle: %2</translation>
    </message>
    <message>
        <source>--args only goes with call</source>
        <translation>--args gibt es nur zusammen mit call</translation>
    </message>
    <message>
        <source>--server picks a server from the servers file; it cannot be combined with a server command after &quot;--&quot;</source>
        <translation>--server wählt einen Server aus der Serverdatei; es lässt sich nicht mit einem Serverbefehl nach &quot;--&quot; kombinieren</translation>
    </message>
    <message>
        <source>--config cannot be combined with a server command after &quot;--&quot;</source>
        <translation>--config lässt sich nicht mit einem Serverbefehl nach &quot;--&quot; kombinieren</translation>
    </message>
    <message>
        <source>--url names the server itself; it cannot be combined with --server, --config or a command after &quot;--&quot;</source>
        <translation>--url nennt den Server selbst; es lässt sich nicht mit --server, --config oder einem Befehl nach &quot;--&quot; kombinieren</translation>
    </message>
    <message>
        <source>--header only goes with --url</source>
        <translation>--header gibt es nur zusammen mit --url</translation>
    </message>
    <message>
        <source>servers lists every configured server; --server does not apply</source>
        <translation>servers listet jeden eingerichteten Server auf; --server passt hier nicht</translation>
    </message>
    <message>
        <source>%1 takes no arguments; unexpected &quot;%2&quot;</source>
        <translation>%1 nimmt keine Argumente; unerwartet: &quot;%2&quot;</translation>
    </message>
    <message>
        <source>read URI</source>
        <translation>read URI</translation>
    </message>
    <message>
        <source>call needs a tool name: call TOOL [key=value ...]</source>
        <translation>call braucht den Namen eines Werkzeugs: call TOOL [key=value ...]</translation>
    </message>
    <message>
        <source>give the tool arguments as JSON only once (positional or --args)</source>
        <translation>geben Sie die Werkzeugargumente nur einmal als JSON an (als Argument oder mit --args)</translation>
    </message>
    <message>
        <source>tool arguments</source>
        <translation>die Werkzeugargumente</translation>
    </message>
    <message>
        <source>prompt needs a prompt name: prompt NAME [key=value ...]</source>
        <translation>prompt braucht den Namen eines Prompts: prompt NAME [key=value ...]</translation>
    </message>
    <message>
        <source>prompt arguments</source>
        <translation>die Prompt-Argumente</translation>
    </message>
    <message>
        <source>complete prompt NAME ARG VALUE, or complete template URI ARG VALUE</source>
        <translation>complete prompt NAME ARG VALUE oder complete template URI ARG VALUE</translation>
    </message>
    <message>
        <source>complete needs more arguments: %1</source>
        <translation>complete braucht mehr Argumente: %1</translation>
    </message>
    <message>
        <source>complete completes a &quot;prompt&quot; or a &quot;template&quot;, not &quot;%1&quot;: %2</source>
        <translation>complete vervollständigt einen &quot;prompt&quot; oder ein &quot;template&quot;, nicht &quot;%1&quot;: %2</translation>
    </message>
    <message>
        <source>context arguments</source>
        <translation>die Kontextargumente</translation>
    </message>
    <message>
        <source>The server asks you to sign in: finish it in your browser. If it does not open, visit:
  %1
</source>
        <translation>Der Server bittet Sie, sich anzumelden: Schließen Sie das in Ihrem Browser ab. Falls er sich nicht öffnet, besuchen Sie:
  %1
</translation>
    </message>
    <message>
        <source>the server did not shut down in time</source>
        <translation>der Server hat sich nicht rechtzeitig beendet</translation>
    </message>
    <message>
        <source>Connecting to %1 (%2)...
</source>
        <translation>Verbinde mit %1 (%2)...
</translation>
    </message>
    <message>
        <source>could not connect to &quot;%1&quot; (%2): %3</source>
        <translation>keine Verbindung zu &quot;%1&quot; (%2): %3</translation>
    </message>
    <message>
        <source>interrupted again; stopping without waiting for the server</source>
        <translation>erneut unterbrochen; Ende, ohne auf den Server zu warten</translation>
    </message>
    <message>
        <source>the server &quot;%1&quot; has no tool named &quot;%2&quot;. Its tools: %3</source>
        <translation>der Server &quot;%1&quot; hat kein Werkzeug namens &quot;%2&quot;. Seine Werkzeuge: %3</translation>
    </message>
    <message>
        <source>invalid arguments for %1: %2</source>
        <translation>ungültige Argumente für %1: %2</translation>
    </message>
    <message>
        <source>the server failed before the call was approved: </source>
        <translation>der Server ist ausgefallen, bevor der Aufruf freigegeben war: </translation>
    </message>
    <message>
        <source>the server stopped while the request was open: </source>
        <translation>der Server wurde beendet, während die Anfrage offen war: </translation>
    </message>
    <message>
        <source>toolgate-cli: %1 more lines from the server arrived while the question was open; they were not kept
</source>
        <translation>toolgate-cli: %1 weitere Zeilen vom Server kamen, während die Frage offen war; sie wurden nicht behalten
</translation>
    </message>
    <message>
        <source>(no name)</source>
        <translation>(kein Name)</translation>
    </message>
    <message>
        <source> [not plain ASCII]</source>
        <translation> [kein reines ASCII]</translation>
    </message>
    <message>
        <source> [not plain ASCII: </source>
        <translation> [kein reines ASCII: </translation>
    </message>
    <message>
        <source>--header wants &quot;Name: value&quot; (for example &quot;X-Api-Key: 123&quot;), not &quot;%1&quot;</source>
        <translation>--header erwartet &quot;Name: Wert&quot; (zum Beispiel &quot;X-Api-Key: 123&quot;), nicht &quot;%1&quot;</translation>
    </message>
    <message>
        <source>--url wants an http:// or https:// address such as http://127.0.0.1:3001/mcp, not &quot;%1&quot;</source>
        <translation>--url erwartet eine http://- oder https://-Adresse wie http://127.0.0.1:3001/mcp, nicht &quot;%1&quot;</translation>
    </message>
    <message>
        <source>Run toolgate-cli --help for usage.
</source>
        <translation>Die Bedienung zeigt toolgate-cli --help.
</translation>
    </message>
    <message>
        <source>required</source>
        <translation>erforderlich</translation>
    </message>
    <message>
        <source>list changes</source>
        <translation>Listenänderungen</translation>
    </message>
    <message>
        <source>subscribe</source>
        <translation>Abonnieren</translation>
    </message>
    <message>
        <source>; also: </source>
        <translation>; außerdem: </translation>
    </message>
    <message>
        <source>No servers file at %1 yet; the bundled demo server is used.
</source>
        <translation>Noch keine Serverdatei unter %1; der mitgelieferte Demo-Server wird verwendet.
</translation>
    </message>
    <message>
        <source>No servers are configured in %1.
</source>
        <translation>In %1 sind keine Server eingerichtet.
</translation>
    </message>
    <message>
        <source>Server:        %1
</source>
        <translation>Server:        %1
</translation>
    </message>
    <message>
        <source>Configured as: %1 (%2)
</source>
        <translation>Eingerichtet:  %1 (%2)
</translation>
    </message>
    <message>
        <source>Protocol:      %1
</source>
        <translation>Protokoll:     %1
</translation>
    </message>
    <message>
        <source>Capabilities:  %1
</source>
        <translation>Fähigkeiten:   %1
</translation>
    </message>
    <message>
        <source>Description:   %1
</source>
        <translation>Beschreibung:  %1
</translation>
    </message>
    <message>
        <source>Website:       %1
</source>
        <translation>Website:       %1
</translation>
    </message>
    <message>
        <source>Instructions:
</source>
        <translation>Anleitung:
</translation>
    </message>
    <message>
        <source>The server offers no tools.
</source>
        <translation>Der Server bietet keine Werkzeuge an.
</translation>
    </message>
    <message>
        <source>    claims (unverified): </source>
        <translation>    Angaben (nicht überprüft): </translation>
    </message>
    <message>
        <source>%1 tools have this name; a call by it may reach any of them</source>
        <translation>%1 Werkzeuge tragen diesen Namen; ein Aufruf damit kann jedes davon erreichen</translation>
    </message>
    <message>
        <source>    app view: </source>
        <translation>    App-Ansicht: </translation>
    </message>
    <message>
        <source> (shown in the desktop app)
</source>
        <translation> (in der Desktop-App gezeigt)
</translation>
    </message>
    <message>
        <source>, not saved</source>
        <translation>, nicht gespeichert</translation>
    </message>
    <message>
        <source>, saved to </source>
        <translation>, gespeichert in </translation>
    </message>
    <message>
        <source>warning: the %1 data is not valid base64 (%2 characters); it was not decoded%3</source>
        <translation>Warnung: Die %1-Daten sind kein gültiges Base64 (%2 Zeichen); sie wurden nicht dekodiert%3</translation>
    </message>
    <message>
        <source> or saved</source>
        <translation> oder gespeichert</translation>
    </message>
    <message>
        <source>[%1: not valid base64, %2 characters]
</source>
        <translation>[%1: kein gültiges Base64, %2 Zeichen]
</translation>
    </message>
    <message>
        <source>warning: the server&apos;s list of %1 reached Toolgate&apos;s limit of %2; any further ones are not shown</source>
        <translation>Warnung: Die Liste der %1 des Servers hat Toolgates Grenze von %2 erreicht; weitere werden nicht gezeigt</translation>
    </message>
    <message>
        <source>--- resource %1%2 ---
</source>
        <translation>--- Ressource %1%2 ---
</translation>
    </message>
    <message>
        <source>resource %1 %2</source>
        <translation>Ressource %1 %2</translation>
    </message>
    <message>
        <source>[content of unknown type &quot;%1&quot;]
</source>
        <translation>[Inhalt unbekannter Art &quot;%1&quot;]
</translation>
    </message>
    <message>
        <source>%1: progress %2</source>
        <translation>%1: Fortschritt %2</translation>
    </message>
    <message>
        <source>Structured content</source>
        <translation>Strukturierter Inhalt</translation>
    </message>
    <message>
        <source> (matches the tool&apos;s output schema)</source>
        <translation> (passt zum Ausgabeschema des Werkzeugs)</translation>
    </message>
    <message>
        <source> (does NOT match the tool&apos;s output schema)</source>
        <translation> (passt NICHT zum Ausgabeschema des Werkzeugs)</translation>
    </message>
    <message>
        <source> (the tool declares no output schema)</source>
        <translation> (das Werkzeug gibt kein Ausgabeschema an)</translation>
    </message>
    <message>
        <source>Output schema problems:
</source>
        <translation>Probleme mit dem Ausgabeschema:
</translation>
    </message>
    <message>
        <source>Error: </source>
        <translation>Fehler: </translation>
    </message>
    <message>
        <source>the tool reported an error without details
</source>
        <translation>das Werkzeug hat einen Fehler ohne Einzelheiten gemeldet
</translation>
    </message>
    <message>
        <source>the call was cancelled: </source>
        <translation>der Aufruf wurde abgebrochen: </translation>
    </message>
    <message>
        <source>the call failed: </source>
        <translation>der Aufruf ist fehlgeschlagen: </translation>
    </message>
    <message>
        <source>The server lists no resources.
</source>
        <translation>Der Server listet keine Ressourcen.
</translation>
    </message>
    <message>
        <source>blob </source>
        <translation>Blob </translation>
    </message>
    <message>
        <source>The server lists no resource templates.
</source>
        <translation>Der Server listet keine Ressourcenvorlagen.
</translation>
    </message>
    <message>
        <source>resource templates</source>
        <translation>Ressourcenvorlagen</translation>
    </message>
    <message>
        <source>The server offers no prompts.
</source>
        <translation>Der Server bietet keine Prompts an.
</translation>
    </message>
    <message>
        <source>No suggestions.
</source>
        <translation>Keine Vorschläge.
</translation>
    </message>
    <message>
        <source>(%1 of %2 shown)
</source>
        <translation>(%1 von %2 gezeigt)
</translation>
    </message>
    <message>
        <source>pong from %1 in %2 ms
</source>
        <translation>Antwort (pong) von %1 nach %2 ms
</translation>
    </message>
    <message>
        <source>the server &quot;%1&quot; is disabled in %2; enable it there first</source>
        <translation>der Server &quot;%1&quot; ist in %2 deaktiviert; aktivieren Sie ihn dort zuerst</translation>
    </message>
    <message>
        <source>there is no server named &quot;%1&quot; in %2. Servers: %3</source>
        <translation>in %2 gibt es keinen Server namens &quot;%1&quot;. Server: %3</translation>
    </message>
    <message>
        <source>no servers are configured in %1</source>
        <translation>in %1 sind keine Server eingerichtet</translation>
    </message>
    <message>
        <source>every server in %1 is disabled (%2)</source>
        <translation>jeder Server in %1 ist deaktiviert (%2)</translation>
    </message>
    <message>
        <source>%1 configures several servers; choose one with --server NAME. Enabled servers: %2</source>
        <translation>%1 richtet mehrere Server ein; wählen Sie einen mit --server NAME. Aktivierte Server: %2</translation>
    </message>
    <message>
        <source>Allow this call? [y]es once / [n]o (deny) / [s]how input schema: </source>
        <translation>Diesen Aufruf zulassen? [y] ja, einmal / [n] nein (ablehnen) / [s] Eingabeschema zeigen: </translation>
    </message>
    <message>
        <source>Reason for denying (optional, Enter to skip): </source>
        <translation>Grund der Ablehnung (optional, Eingabetaste zum Überspringen): </translation>
    </message>
    <message>
        <source>  Input schema:
</source>
        <translation>  Eingabeschema:
</translation>
    </message>
    <message>
        <source>Please answer y or n.
</source>
        <translation>Bitte antworten Sie mit y oder n.
</translation>
    </message>
    <message>
        <source>No answer (end of input): the call is denied.
</source>
        <translation>Keine Antwort (Ende der Eingabe): Der Aufruf wird abgelehnt.
</translation>
    </message>
    <message>
        <source>[%1 %2, about %3 bytes]</source>
        <translation>[%1 %2, etwa %3 Byte]</translation>
    </message>
    <message>
        <source>[asks for the tool %1 with %2]</source>
        <translation>[fordert das Werkzeug %1 mit %2 an]</translation>
    </message>
    <message>
        <source>[result of %1%2: %3]</source>
        <translation>[Ergebnis von %1%2: %3]</translation>
    </message>
    <message>
        <source>, an error</source>
        <translation>, ein Fehler</translation>
    </message>
    <message>
        <source>choose one</source>
        <translation>eines wählen</translation>
    </message>
    <message>
        <source>choose one or more, separated by commas</source>
        <translation>eines oder mehrere wählen, durch Kommas getrennt</translation>
    </message>
    <message>
        <source>whole number</source>
        <translation>ganze Zahl</translation>
    </message>
    <message>
        <source>yes or no</source>
        <translation>ja oder nein (yes/no)</translation>
    </message>
    <message>
        <source>type the number of one of the choices</source>
        <translation>geben Sie die Nummer einer der Möglichkeiten ein</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not one of the choices</source>
        <translation>&quot;%1&quot; ist keine der Möglichkeiten</translation>
    </message>
    <message>
        <source>type a whole number</source>
        <translation>geben Sie eine ganze Zahl ein</translation>
    </message>
    <message>
        <source>type a number</source>
        <translation>geben Sie eine Zahl ein</translation>
    </message>
    <message>
        <source>answer yes or no</source>
        <translation>antworten Sie mit yes oder no</translation>
    </message>
    <message>
        <source>type a JSON value</source>
        <translation>geben Sie einen JSON-Wert ein</translation>
    </message>
    <message>
        <source>
The question from &quot;%1&quot; is closed: %2.
</source>
        <translation>
Die Frage von &quot;%1&quot; ist geschlossen: %2.
</translation>
    </message>
    <message>
        <source>
No answer (end of input): the request is declined.
</source>
        <translation>
Keine Antwort (Ende der Eingabe): Die Anfrage wird abgelehnt.
</translation>
    </message>
    <message>
        <source>Declined.
</source>
        <translation>Abgelehnt.
</translation>
    </message>
    <message>
        <source>Cancelled.
</source>
        <translation>Abgebrochen.
</translation>
    </message>
    <message>
        <source>Please answer a, d or c: </source>
        <translation>Bitte antworten Sie mit a, d oder c: </translation>
    </message>
    <message>
        <source>
Let&apos;s go through the fields again.
</source>
        <translation>
Gehen wir die Felder noch einmal durch.
</translation>
    </message>
    <message>
        <source>Sent.
</source>
        <translation>Gesendet.
</translation>
    </message>
    <message>
        <source>Please answer y, e or n: </source>
        <translation>Bitte antworten Sie mit y, e oder n: </translation>
    </message>
    <message>
        <source>The request was closed meanwhile; nothing is opened.
</source>
        <translation>Die Anfrage wurde inzwischen geschlossen; nichts wird geöffnet.
</translation>
    </message>
    <message>
        <source>Could not open a browser; open the link yourself.
</source>
        <translation>Es konnte kein Browser geöffnet werden; öffnen Sie den Link selbst.
</translation>
    </message>
    <message>
        <source>Opened in your browser.
</source>
        <translation>In Ihrem Browser geöffnet.
</translation>
    </message>
    <message>
        <source>Please answer y or n: </source>
        <translation>Bitte antworten Sie mit y oder n: </translation>
    </message>
    <message>
        <source>
Server &quot;%1&quot; asks for a model reply (sampling). Toolgate has no model of its own: you write the reply.
</source>
        <translation>
Der Server &quot;%1&quot; bittet um eine Modellantwort (Sampling). Toolgate hat kein eigenes Modell: Sie schreiben die Antwort.
</translation>
    </message>
    <message>
        <source>  System prompt:
%1
</source>
        <translation>  Systemprompt:
%1
</translation>
    </message>
    <message>
        <source>  Conversation:
</source>
        <translation>  Gespräch:
</translation>
    </message>
    <message>
        <source>  At most %1 tokens (about %2 characters).
</source>
        <translation>  Höchstens %1 Token (etwa %2 Zeichen).
</translation>
    </message>
    <message>
        <source>  Tools the reply may ask for (%1): %2
</source>
        <translation>  Werkzeuge, die die Antwort anfordern darf (%1): %2
</translation>
    </message>
    <message>
        <source>, </source>
        <translation>, </translation>
    </message>
    <message>
        <source>Type the reply. End it with a line that holds only a dot (.).
</source>
        <translation>Schreiben Sie die Antwort. Beenden Sie sie mit einer Zeile, die nur einen Punkt (.) enthält.
</translation>
    </message>
    <message>
        <source>Which tool should the server run? Name: </source>
        <translation>Welches Werkzeug soll der Server ausführen? Name: </translation>
    </message>
    <message>
        <source>Please answer w, t or d: </source>
        <translation>Bitte antworten Sie mit w, t oder d: </translation>
    </message>
    <message>
        <source>Send this reply? [y]es / [n]o, write it again / [d]ecline: </source>
        <translation>Diese Antwort senden? [y] ja / [n] nein, neu schreiben / [d] ablehnen: </translation>
    </message>
    <message>
        <source>Its arguments as JSON (one line; Enter for {}): </source>
        <translation>Seine Argumente als JSON (eine Zeile; Eingabetaste für {}): </translation>
    </message>
    <message>
        <source>That is not a JSON object. Arguments as JSON: </source>
        <translation>Das ist kein JSON-Objekt. Argumente als JSON: </translation>
    </message>
    <message>
        <source>Send this tool request? [y]es / [n]o, start again / [d]ecline: </source>
        <translation>Diese Werkzeuganfrage senden? [y] ja / [n] nein, neu beginnen / [d] ablehnen: </translation>
    </message>
    <message>
        <source>Please answer y, n or d: </source>
        <translation>Bitte antworten Sie mit y, n oder d: </translation>
    </message>
    <message>
        <source>
Server &quot;%1&quot; asks you for information:
</source>
        <translation>
Der Server &quot;%1&quot; bittet Sie um Angaben:
</translation>
    </message>
    <message>
        <source>  Fields: %1
</source>
        <translation>  Felder: %1
</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>(keine)</translation>
    </message>
    <message>
        <source>Answer? [a]nswer / [d]ecline / [c]ancel: </source>
        <translation>Antworten? [a] antworten / [d] ablehnen / [c] abbrechen: </translation>
    </message>
    <message>
        <source>
    (%1%2</source>
        <translation>
    (%1%2</translation>
    </message>
    <message>
        <source>, required</source>
        <translation>, erforderlich</translation>
    </message>
    <message>
        <source>, optional</source>
        <translation>, optional</translation>
    </message>
    <message>
        <source>, Enter for %1</source>
        <translation>, Eingabetaste für %1</translation>
    </message>
    <message>
        <source>, Enter to leave it out</source>
        <translation>, Eingabetaste zum Weglassen</translation>
    </message>
    <message>
        <source>    %1 is required.
</source>
        <translation>    %1 ist erforderlich.
</translation>
    </message>
    <message>
        <source>  You will send:
</source>
        <translation>  Sie senden:
</translation>
    </message>
    <message>
        <source>Send it? [y]es / [e]dit again / [n]o (decline): </source>
        <translation>Senden? [y] ja / [e] erneut bearbeiten / [n] nein (ablehnen): </translation>
    </message>
    <message>
        <source>
Server &quot;%1&quot; asks you to finish a step in your browser.
</source>
        <translation>
Der Server &quot;%1&quot; bittet Sie, einen Schritt in Ihrem Browser abzuschließen.
</translation>
    </message>
    <message>
        <source>  Site: %1
  Full link: %2
</source>
        <translation>  Website: %1
  Vollständiger Link: %2
</translation>
    </message>
    <message>
        <source>  Careful: the site&apos;s name uses international characters that can imitate another site&apos;s.
</source>
        <translation>  Vorsicht: Der Name der Website enthält internationale Zeichen, die eine andere Website nachahmen können.
</translation>
    </message>
    <message>
        <source>  Nothing is opened unless you agree.
</source>
        <translation>  Nichts wird geöffnet, ohne dass Sie zustimmen.
</translation>
    </message>
    <message>
        <source>Open this link? [y]es / [n]o (decline): </source>
        <translation>Diesen Link öffnen? [y] ja / [n] nein (ablehnen): </translation>
    </message>
    <message>
        <source>denied: </source>
        <translation>abgelehnt: </translation>
    </message>
    <message>
        <source>    visibility: </source>
        <translation>    Sichtbarkeit: </translation>
    </message>
    <message>
        <source>list, show, export or verify</source>
        <translation>list, show, export oder verify</translation>
    </message>
    <message>
        <source>warning: %1</source>
        <translation>Warnung: %1</translation>
    </message>
    <message>
        <source>toolgate-cli: warning: </source>
        <translation>toolgate-cli: Warnung: </translation>
    </message>
    <message>
        <source>    arguments: </source>
        <translation>    Argumente: </translation>
    </message>
    <message>
        <source>    PROBLEM: </source>
        <translation>    PROBLEM: </translation>
    </message>
    <message>
        <source>    note: </source>
        <translation>    Hinweis: </translation>
    </message>
    <message>
        <source>no answer</source>
        <translation>keine Antwort</translation>
    </message>
    <message>
        <source>text</source>
        <translation>Text</translation>
    </message>
    <message>
        <source>text, %1</source>
        <translation>Text, %1</translation>
    </message>
    <message>
        <source>TAMPERED: %1
</source>
        <translation>MANIPULIERT: %1
</translation>
    </message>
    <message>
        <source>no answer: the terminal input ended</source>
        <translation>keine Antwort: Die Eingabe im Terminal ist zu Ende</translation>
    </message>
    <message>
        <source>The server asked for input before it answered. </source>
        <translation>Der Server hat um Eingaben gebeten, bevor er antwortete. </translation>
    </message>
    <message>
        <source>Era:           %1
</source>
        <translation>Ära:           %1
</translation>
    </message>
    <message>
        <source>working</source>
        <translation>läuft</translation>
    </message>
    <message>
        <source>waiting for input</source>
        <translation>wartet auf Eingabe</translation>
    </message>
    <message>
        <source>completed</source>
        <translation>abgeschlossen</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>fehlgeschlagen</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>abgebrochen</translation>
    </message>
    <message>
        <source>Task id.</source>
        <translation>Aufgaben-ID.</translation>
    </message>
    <message>
        <source>Only calls run as tasks.</source>
        <translation>Nur Aufrufe, die als Aufgabe liefen.</translation>
    </message>
    <message>
        <source>Task</source>
        <translation>Aufgabe</translation>
    </message>
    <message>
        <source>Task status</source>
        <translation>Aufgabenstatus</translation>
    </message>
    <message>
        <source>Task life:
</source>
        <translation>Verlauf der Aufgabe:
</translation>
    </message>
    <message>
        <source>some of the server&apos;s text is hidden from view or disguised; read it before you decide:</source>
        <translation>Ein Teil des Texts vom Server ist verborgen oder getarnt; lesen Sie ihn, bevor Sie entscheiden:</translation>
    </message>
    <message numerus="yes">
        <source>! … and %n more</source>
        <translation>
            <numerusform>! … und %n weiterer</numerusform>
            <numerusform>! … und %n weitere</numerusform>
        </translation>
    </message>
    <message>
        <source>Warning</source>
        <translation>Warnung</translation>
    </message>
    <message>
        <source> What you allowed before no longer applies.</source>
        <translation> Was Sie früher erlaubt haben, gilt nicht mehr.</translation>
    </message>
    <message>
        <source>Changes to %1 (- before, + now):</source>
        <translation>Änderungen an %1 (- vorher, + jetzt):</translation>
    </message>
    <message>
        <source>CHANGED</source>
        <translation>GEÄNDERT</translation>
    </message>
    <message>
        <source>Same name</source>
        <translation>Gleicher Name</translation>
    </message>
    <message>
        <source>also offered by %1: make sure this is the server you mean</source>
        <translation>auch angeboten von %1: prüfen Sie, ob dies der gemeinte Server ist</translation>
    </message>
    <message>
        <source>--trust-fingerprint wants the 64 hex digits toolgate-cli shows for a server, not &quot;%1&quot;</source>
        <translation>--trust-fingerprint erwartet die 64 Hex-Ziffern, die toolgate-cli für einen Server anzeigt, nicht „%1“</translation>
    </message>
    <message>
        <source>the server &quot;%1&quot; was not started because nobody trusted what it runs (%2). To trust it, run this again in a terminal and answer y, or trust it in the Toolgate app; in a script, once you have checked the command above, add --trust-fingerprint %3</source>
        <translation>der Server „%1“ wurde nicht gestartet, weil niemand dem vertraut hat, was er ausführt (%2). Um ihm zu vertrauen, führen Sie dies erneut in einem Terminal aus und antworten Sie mit y, oder vertrauen Sie ihm in der Toolgate-App; in einem Skript fügen Sie, nachdem Sie den Befehl oben geprüft haben, --trust-fingerprint %3 hinzu</translation>
    </message>
    <message>
        <source>
Server trust:
  A server from a servers file starts only once someone trusted exactly what it runs: its
  command, every argument, the names of its environment variables and its working folder
  (for a remote server, its address). The first time, and whenever one of those changed
  (edited in the app, on disk, or imported), toolgate-cli shows them with a fingerprint and
  asks &quot;Trust this server and start it? [y/N]&quot;. The answer is remembered with the app&apos;s.
  The bundled demo server, and a server given after &quot;--&quot; or with --url, need no trust.
  --trust-fingerprint HEX   trust the server whose fingerprint is HEX (repeatable). For
                            scripts: it trusts only that exact command, never a changed one.
  Without a terminal answer or a matching fingerprint the server does not start (exit code 6).
</source>
        <translation>
Vertrauen in Server:
  Ein Server aus einer Serverdatei startet erst, wenn jemand genau dem vertraut hat, was er
  ausführt: seinem Befehl, jedem Argument, den Namen seiner Umgebungsvariablen und seinem
  Arbeitsordner (bei einem entfernten Server seiner Adresse). Beim ersten Mal und immer, wenn
  sich davon etwas geändert hat (in der App, auf der Festplatte oder durch einen Import), zeigt
  toolgate-cli sie mit einem Fingerabdruck und fragt „Diesem Server vertrauen und ihn starten? [y/N]“.
  Die Antwort wird zusammen mit denen der App gemerkt.
  Der mitgelieferte Demo-Server und ein Server nach „--“ oder mit --url brauchen kein Vertrauen.
  --trust-fingerprint HEX   dem Server mit dem Fingerabdruck HEX vertrauen (wiederholbar). Für
                            Skripte: vertraut nur genau diesem Befehl, nie einem geänderten.
  Ohne Antwort im Terminal oder passenden Fingerabdruck startet der Server nicht (Exit-Code 6).
</translation>
    </message>
    <message>
        <source>The server &quot;%1&quot; has not been trusted to run this:
</source>
        <translation>Dem Server „%1“ wurde noch nicht vertraut, dies auszuführen:
</translation>
    </message>
    <message>
        <source>The server &quot;%1&quot; changed since it was trusted:
</source>
        <translation>Der Server „%1“ hat sich geändert, seit ihm vertraut wurde:
</translation>
    </message>
    <message>
        <source>  Address:     %1
</source>
        <translation>  Adresse:     %1
</translation>
    </message>
    <message>
        <source>  Command:     %1
</source>
        <translation>  Befehl:      %1
</translation>
    </message>
    <message>
        <source>  Program:     %1
</source>
        <translation>  Programm:    %1
</translation>
    </message>
    <message>
        <source>  Environment: %1
</source>
        <translation>  Umgebung:    %1
</translation>
    </message>
    <message>
        <source>(no variables of its own)</source>
        <translation>(keine eigenen Variablen)</translation>
    </message>
    <message>
        <source>  Folder:      %1
</source>
        <translation>  Ordner:      %1
</translation>
    </message>
    <message>
        <source>(the current folder)</source>
        <translation>(der aktuelle Ordner)</translation>
    </message>
    <message>
        <source>  Fingerprint: %1
</source>
        <translation>  Fingerabdruck: %1
</translation>
    </message>
    <message>
        <source>Trusted with --trust-fingerprint.
</source>
        <translation>Vertraut mit --trust-fingerprint.
</translation>
    </message>
    <message>
        <source>--yes never trusts a server</source>
        <translation>--yes vertraut nie einem Server</translation>
    </message>
    <message>
        <source>Trust this server and start it? [y/N] </source>
        <translation>Diesem Server vertrauen und ihn starten? [y/N] </translation>
    </message>
    <message>
        <source>the server went away</source>
        <translation>der Server ist weg</translation>
    </message>
    <message>
        <source>you answered no</source>
        <translation>Sie haben mit Nein geantwortet</translation>
    </message>
    <message>
        <source>Please answer y or n. Trust this server and start it? [y/N] </source>
        <translation>Bitte antworten Sie mit y oder n. Diesem Server vertrauen und ihn starten? [y/N] </translation>
    </message>
    <message>
        <source>no answer: the input ended</source>
        <translation>keine Antwort: die Eingabe ist zu Ende</translation>
    </message>
    <message>
        <source>--task only goes with call</source>
        <translation>--task gibt es nur mit call</translation>
    </message>
    <message>
        <source>--no-wait only goes with call</source>
        <translation>--no-wait gibt es nur mit call</translation>
    </message>
    <message>
        <source>task list, task get ID, task result ID or task cancel ID</source>
        <translation>task list, task get ID, task result ID oder task cancel ID</translation>
    </message>
    <message>
        <source>task needs what to do: %1</source>
        <translation>task braucht eine Angabe, was zu tun ist: %1</translation>
    </message>
    <message>
        <source>task list takes no arguments; unexpected &quot;%1&quot;</source>
        <translation>task list nimmt keine Argumente; unerwartet: &quot;%1&quot;</translation>
    </message>
    <message>
        <source>task does not know &quot;%1&quot;: %2</source>
        <translation>task kennt &quot;%1&quot; nicht: %2</translation>
    </message>
    <message>
        <source>the task id is empty</source>
        <translation>die Task-ID ist leer</translation>
    </message>
    <message>
        <source>note: %1 does not run as a task on this server; toolgate-cli waits for its answer
</source>
        <translation>Hinweis: %1 läuft auf diesem Server nicht als Task; toolgate-cli wartet auf die Antwort
</translation>
    </message>
    <message>
        <source>note: toolgate-cli started this server itself and stops it now, and the task ends with it; --no-wait is for servers that keep running (--url)
</source>
        <translation>Hinweis: toolgate-cli hat diesen Server selbst gestartet und beendet ihn jetzt, und der Task endet mit ihm; --no-wait ist für Server, die weiterlaufen (--url)
</translation>
    </message>
    <message>
        <source>%1: the server runs the call as task %2 (Ctrl-C cancels it)
</source>
        <translation>%1: der Server führt den Aufruf als Task %2 aus (Strg+C bricht ihn ab)
</translation>
    </message>
    <message>
        <source>note: the server answered at once, without a task
</source>
        <translation>Hinweis: der Server hat sofort geantwortet, ohne Task
</translation>
    </message>
    <message>
        <source>Cancelling task %1 at the server...
</source>
        <translation>Task %1 wird beim Server abgebrochen...
</translation>
    </message>
    <message>
        <source>the server &quot;%1&quot; does not run tasks (it declares no tasks capability)</source>
        <translation>der Server &quot;%1&quot; führt keine Tasks aus (er gibt keine Task-Fähigkeit an)</translation>
    </message>
    <message>
        <source>the server &quot;%1&quot; runs tasks through the 2026-07-28 tasks extension, which has no list of tasks; look at one task with: %2</source>
        <translation>der Server &quot;%1&quot; führt Tasks über die Task-Erweiterung von 2026-07-28 aus, die keine Liste der Tasks kennt; einen einzelnen Task zeigt: %2</translation>
    </message>
    <message>
        <source>the server &quot;%1&quot; does not list its tasks (it does not declare tasks/list)</source>
        <translation>der Server &quot;%1&quot; listet seine Tasks nicht auf (er gibt tasks/list nicht an)</translation>
    </message>
    <message>
        <source>list the tasks</source>
        <translation>die Tasks auflisten</translation>
    </message>
    <message>
        <source>the server &quot;%1&quot; does not let its tasks be cancelled (it does not declare tasks/cancel)</source>
        <translation>der Server &quot;%1&quot; lässt seine Tasks nicht abbrechen (er gibt tasks/cancel nicht an)</translation>
    </message>
    <message>
        <source>task %1 has already ended (%2); there is nothing to cancel</source>
        <translation>Task %1 ist bereits beendet (%2); es gibt nichts abzubrechen</translation>
    </message>
    <message>
        <source>cancel task %1</source>
        <translation>Task %1 abbrechen</translation>
    </message>
    <message>
        <source>the server &quot;%1&quot; knows no task &quot;%2&quot;: it may have ended and been removed, or belong to another connection (a server that toolgate-cli starts itself ends with each run, and its tasks with it). The server said: %3</source>
        <translation>der Server &quot;%1&quot; kennt keinen Task &quot;%2&quot;: Vielleicht ist er beendet und entfernt, oder er gehört zu einer anderen Verbindung (ein Server, den toolgate-cli selbst startet, endet mit jedem Lauf, und seine Tasks mit ihm). Der Server sagte: %3</translation>
    </message>
    <message>
        <source>look up task %1</source>
        <translation>Task %1 nachschlagen</translation>
    </message>
    <message>
        <source>task %1</source>
        <translation>Task %1</translation>
    </message>
    <message>
        <source>task %1 was cancelled: %2</source>
        <translation>Task %1 wurde abgebrochen: %2</translation>
    </message>
    <message>
        <source>get the result of task %1</source>
        <translation>das Ergebnis von Task %1 holen</translation>
    </message>
    <message>
        <source>could not %1: %2</source>
        <translation>konnte nicht %1: %2</translation>
    </message>
    <message>
        <source>task: %1
server: %2
status: %3
</source>
        <translation>Task: %1
Server: %2
Status: %3
</translation>
    </message>
    <message>
        <source>The task goes on at the server. Look at it with:
  %1
</source>
        <translation>Der Task läuft beim Server weiter. Anzeigen mit:
  %1
</translation>
    </message>
    <message>
        <source>The server lists no tasks.
</source>
        <translation>Der Server listet keine Tasks.
</translation>
    </message>
    <message>
        <source>  (updated %1)</source>
        <translation>  (aktualisiert %1)</translation>
    </message>
    <message>
        <source>task: %1
</source>
        <translation>Task: %1
</translation>
    </message>
    <message>
        <source>status: %1 (%2)
</source>
        <translation>Status: %1 (%2)
</translation>
    </message>
    <message>
        <source>message: %1
</source>
        <translation>Meldung: %1
</translation>
    </message>
    <message>
        <source>created: %1
</source>
        <translation>erstellt: %1
</translation>
    </message>
    <message>
        <source>updated: %1
</source>
        <translation>aktualisiert: %1
</translation>
    </message>
    <message>
        <source>kept for: %1 s after it was created
</source>
        <translation>aufbewahrt: %1 s nach dem Erstellen
</translation>
    </message>
    <message>
        <source>ask again after: %1 s
</source>
        <translation>erneut fragen nach: %1 s
</translation>
    </message>
    <message>
        <source>error: %1
</source>
        <translation>Fehler: %1
</translation>
    </message>
    <message>
        <source>questions waiting: %1 (answer them with: task result)
</source>
        <translation>offene Fragen: %1 (beantworten mit: task result)
</translation>
    </message>
    <message>
        <source>Task %1 cancelled; its status now: %2
</source>
        <translation>Task %1 abgebrochen; sein Status jetzt: %2
</translation>
    </message>
    <message>
        <source>The server took the request to cancel task %1; it stops the task as soon as it can.
</source>
        <translation>Der Server hat die Bitte angenommen, Task %1 abzubrechen; er beendet den Task, sobald er kann.
</translation>
    </message>
    <message>
        <source> (progress %1)</source>
        <translation> (Fortschritt %1)</translation>
    </message>
    <message>
        <source>--output only goes with snapshot</source>
        <translation>--output gehört nur zu snapshot</translation>
    </message>
    <message>
        <source>diff needs one snapshot file (compared with the server) or two (compared with each other): diff FILE, or diff FILE1 FILE2</source>
        <translation>diff braucht eine Snapshot-Datei (mit dem Server verglichen) oder zwei (miteinander verglichen): diff DATEI oder diff DATEI1 DATEI2</translation>
    </message>
    <message>
        <source>diff FILE1 FILE2 compares two snapshot files and connects to no server; give one file to compare with a server</source>
        <translation>diff DATEI1 DATEI2 vergleicht zwei Snapshot-Dateien und verbindet sich mit keinem Server; geben Sie eine Datei an, um mit einem Server zu vergleichen</translation>
    </message>
    <message>
        <source>taken %1</source>
        <translation>aufgenommen %1</translation>
    </message>
    <message>
        <source>Comparing %1 (%2)
     with %3 (%4)
</source>
        <translation>Vergleiche %1 (%2)
       mit %3 (%4)
</translation>
    </message>
    <message>
        <source>No differences.
</source>
        <translation>Keine Unterschiede.
</translation>
    </message>
    <message>
        <source>%1 added, %2 removed, %3 changed.
</source>
        <translation>%1 hinzugekommen, %2 entfernt, %3 geändert.
</translation>
    </message>
    <message>
        <source>snapshot %1</source>
        <translation>Snapshot %1</translation>
    </message>
    <message>
        <source>server %1 (now)</source>
        <translation>Server %1 (jetzt)</translation>
    </message>
    <message>
        <source>Saved the interface of %1 (%2) to %3
</source>
        <translation>Die Schnittstelle von %1 (%2) wurde in %3 gesichert
</translation>
    </message>
    <message>
        <source>1 difference: </source>
        <translation>1 Unterschied: </translation>
    </message>
    <message>
        <source>%1 differences: </source>
        <translation>%1 Unterschiede: </translation>
    </message>
    <message>
        <source>tools: %1, resources: %2, resource templates: %3, prompts: %4</source>
        <translation>Werkzeuge: %1, Ressourcen: %2, Ressourcenvorlagen: %3, Prompts: %4</translation>
    </message>
    <message>
        <source>
Run of the collection &quot;%1&quot;, approved as a whole (calls: %2)
</source>
        <translation>
Lauf der Sammlung „%1“, als Ganzes zu erlauben (Aufrufe: %2)
</translation>
    </message>
    <message>
        <source>
Only these calls, with exactly these arguments, are approved; any other is asked about on its own.
</source>
        <translation>
Erlaubt werden nur diese Aufrufe mit genau diesen Argumenten; jeder andere wird einzeln erfragt.
</translation>
    </message>
    <message>
        <source>--var and --junit only go with run</source>
        <translation>--var und --junit gehören nur zu run</translation>
    </message>
    <message>
        <source>run COLLECTION</source>
        <translation>run SAMMLUNG</translation>
    </message>
    <message>
        <source>--var wants name=value, not &quot;%1&quot;</source>
        <translation>--var erwartet name=wert, nicht „%1“</translation>
    </message>
    <message>
        <source>the calls of this collection go to several servers (%1); toolgate-cli runs a collection against one server: choose it with --server NAME</source>
        <translation>die Aufrufe dieser Sammlung gehen an mehrere Server (%1); toolgate-cli führt eine Sammlung gegen einen Server aus: wählen Sie ihn mit --server NAME</translation>
    </message>
    <message>
        <source>Running %1/%2: %3 (%4)...
</source>
        <translation>Führe %1/%2 aus: %3 (%4) …
</translation>
    </message>
    <message>
        <source>  ok      </source>
        <translation>  ok      </translation>
    </message>
    <message>
        <source>  FAILED  </source>
        <translation>  FEHLER  </translation>
    </message>
    <message>
        <source>%1 (%2 on %3, %4)
</source>
        <translation>%1 (%2 auf %3, %4)
</translation>
    </message>
    <message>
        <source>          passed: </source>
        <translation>          erfüllt: </translation>
    </message>
    <message>
        <source>          FAILED: </source>
        <translation>          NICHT ERFÜLLT: </translation>
    </message>
    <message>
        <source>the JUnit report was not written: %1</source>
        <translation>der JUnit-Bericht wurde nicht geschrieben: %1</translation>
    </message>
    <message>
        <source>Collection &quot;%1&quot; passed: every call answered and every expectation held (calls: %2, %3).
</source>
        <translation>Sammlung „%1“ bestanden: jeder Aufruf wurde beantwortet und jede Erwartung traf zu (Aufrufe: %2, %3).
</translation>
    </message>
    <message>
        <source>Collection &quot;%1&quot; FAILED: calls failed: %2 of %3; expectations that did not hold: %4 (%5).
</source>
        <translation>Sammlung „%1“ FEHLGESCHLAGEN: fehlgeschlagene Aufrufe: %2 von %3; nicht erfüllte Erwartungen: %4 (%5).
</translation>
    </message>
    <message>
        <source>Allow these calls? [y]es / [n]o (deny the run): </source>
        <translation>Diese Aufrufe erlauben? [y] ja / [n] nein (Lauf ablehnen): </translation>
    </message>
    <message>
        <source>No answer (end of input): the run is denied; nothing is sent.
</source>
        <translation>Keine Antwort (Ende der Eingabe): Der Lauf wird abgelehnt; nichts wird gesendet.
</translation>
    </message>
    <message>
        <source>%1. Repair or remove the file; no calls are made until then.</source>
        <translation>%1. Reparieren oder entfernen Sie die Datei; bis dahin werden keine Aufrufe gemacht.</translation>
    </message>
    <message>
        <source>--against-server only goes with diff</source>
        <translation>--against-server gehört nur zu diff</translation>
    </message>
    <message>
        <source>diff --against-server NAME compares two servers and takes no snapshot file; unexpected &quot;%1&quot;</source>
        <translation>diff --against-server NAME vergleicht zwei Server und nimmt keine Snapshot-Datei; unerwartet: „%1“</translation>
    </message>
    <message>
        <source>diff --against-server compares two servers of the servers file: name the first with --server, not with --url or after &quot;--&quot;</source>
        <translation>diff --against-server vergleicht zwei Server aus der Serverdatei: Nennen Sie den ersten mit --server, nicht mit --url oder nach „--“</translation>
    </message>
    <message>
        <source>
Interfaces:
  snapshot [-o FILE]      save the server&apos;s interface (its tools with their schemas, resources,
                          resource templates and prompts) as JSON: to FILE with -o (--output),
                          else to stdout
  diff FILE               compare a snapshot file (before) with the server&apos;s interface now
  diff FILE1 FILE2        compare two snapshot files; no server is started
  diff --against-server NAME
                          compare the server&apos;s interface now (before) with that of NAME,
                          another server of the servers file (after)
  Added items are shown with +, removed ones with -, changed ones with ~ and a line diff of each
  field that changed. The exit code is 0 when the interfaces are equal and 10 when they differ.
</source>
        <translation>
Schnittstellen:
  snapshot [-o DATEI]     die Schnittstelle des Servers (seine Werkzeuge mit ihren Schemas,
                          Ressourcen, Ressourcenvorlagen und Prompts) als JSON sichern: mit -o
                          (--output) in DATEI, sonst auf stdout
  diff DATEI              eine Snapshot-Datei (vorher) mit der jetzigen Schnittstelle des Servers
                          vergleichen
  diff DATEI1 DATEI2      zwei Snapshot-Dateien vergleichen; kein Server wird gestartet
  diff --against-server NAME
                          die jetzige Schnittstelle des Servers (vorher) mit der von NAME
                          vergleichen, einem anderen Server aus der Serverdatei (nachher)
  Hinzugekommenes wird mit + gezeigt, Entferntes mit -, Geändertes mit ~ und einem Zeilenvergleich
  jedes geänderten Felds. Der Exit-Code ist 0, wenn die Schnittstellen gleich sind, und 10, wenn sie
  sich unterscheiden.
</translation>
    </message>
    <message>
        <source>the server &quot;%1&quot; is no longer connected</source>
        <translation>der Server „%1“ ist nicht mehr verbunden</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>Task %1 sent no news for %2 s (--timeout); cancelling it at the server...
</source>
        <translation>Aufgabe %1 hat sich %2 s lang nicht gemeldet (--timeout); sie wird beim Server abgebrochen …
</translation>
    </message>
    <message>
        <source>the task sent no news within --timeout and was cancelled at the server</source>
        <translation>die Aufgabe hat sich innerhalb von --timeout nicht gemeldet und wurde beim Server abgebrochen</translation>
    </message>
    <message>
        <source>Requested by</source>
        <translation>Anfrage von</translation>
    </message>
    <message>
        <source>the model</source>
        <translation>dem Modell</translation>
    </message>
    <message>
        <source>the model in conversation «%1»</source>
        <translation>dem Modell im Gespräch «%1»</translation>
    </message>
    <message>
        <source>gui, cli, app or model.</source>
        <translation>gui, cli, app oder model.</translation>
    </message>
    <message>
        <source>unknown --client &quot;%1&quot; (gui, cli, app, model)</source>
        <translation>unbekannter --client &quot;%1&quot; (gui, cli, app, model)</translation>
    </message>
    <message>
        <source>chat needs a question when its input is not a terminal: chat --model NAME &quot;QUESTION&quot;</source>
        <translation>chat braucht eine Frage, wenn die Eingabe kein Terminal ist: chat --model NAME &quot;FRAGE&quot;</translation>
    </message>
    <message>
        <source>--tool %1: the server &quot;%2&quot; has no tool of that name. Its tools: %3</source>
        <translation>--tool %1: der Server &quot;%2&quot; hat kein Werkzeug dieses Namens. Seine Werkzeuge: %3</translation>
    </message>
    <message>
        <source>the server failed: </source>
        <translation>der Server ist ausgefallen: </translation>
    </message>
    <message>
        <source>--model-url wants an http:// or https:// address, not &quot;%1&quot;</source>
        <translation>--model-url erwartet eine Adresse mit http:// oder https://, nicht &quot;%1&quot;</translation>
    </message>
    <message>
        <source>--model-url must not hold a user name or password; give the key with --model-key-env VAR</source>
        <translation>--model-url darf keinen Benutzernamen und kein Passwort enthalten; geben Sie den Schlüssel mit --model-key-env VAR an</translation>
    </message>
    <message>
        <source>the environment variable %1 (--model-key-env) is not set or empty; put the model&apos;s API key into it</source>
        <translation>die Umgebungsvariable %1 (--model-key-env) ist nicht gesetzt oder leer; legen Sie den API-Schlüssel des Modells darin ab</translation>
    </message>
    <message>
        <source>there is no models file yet (%1), so there is no model named &quot;%2&quot;. Write one (docs/models.md describes it), or name a model on the command line: --model-url URL --model-api openai|anthropic --model MODEL</source>
        <translation>es gibt noch keine Modelldatei (%1), also auch kein Modell namens &quot;%2&quot;. Legen Sie eine an (docs/models.md beschreibt sie), oder nennen Sie ein Modell auf der Kommandozeile: --model-url URL --model-api openai|anthropic --model MODEL</translation>
    </message>
    <message>
        <source>there is no model named &quot;%1&quot; in %2. Models: %3</source>
        <translation>in %2 gibt es kein Modell namens &quot;%1&quot;. Modelle: %3</translation>
    </message>
    <message>
        <source>the tool reported an error</source>
        <translation>das Werkzeug hat einen Fehler gemeldet</translation>
    </message>
    <message>
        <source>denied</source>
        <translation>abgelehnt</translation>
    </message>
    <message>
        <source>refused, the arguments do not match the tool&apos;s input schema</source>
        <translation>abgewiesen, die Argumente passen nicht zum Eingabeschema des Werkzeugs</translation>
    </message>
    <message>
        <source>?</source>
        <translation>?</translation>
    </message>
    <message>
        <source>Model: %1 at %2
</source>
        <translation>Modell: %1 bei %2
</translation>
    </message>
    <message>
        <source>Tools exposed to it: none (the server &quot;%1&quot; has none)
</source>
        <translation>Ihm freigegebene Werkzeuge: keine (der Server &quot;%1&quot; hat keine)
</translation>
    </message>
    <message>
        <source>Tools exposed to it (server &quot;%1&quot;): %2
</source>
        <translation>Ihm freigegebene Werkzeuge (Server &quot;%1&quot;): %2
</translation>
    </message>
    <message>
        <source>Each call the model asks for is shown to you to allow or deny.
</source>
        <translation>Jeder Aufruf, den das Modell anfordert, wird Ihnen zum Zulassen oder Ablehnen gezeigt.
</translation>
    </message>
    <message>
        <source>No terminal: calls the model asks for run only when a rule allows them; the rest are denied.
</source>
        <translation>Kein Terminal: Aufrufe, die das Modell anfordert, laufen nur, wenn eine Regel sie zulässt; die übrigen werden abgelehnt.
</translation>
    </message>
    <message>
        <source>Type a message and press Enter; Ctrl-D ends the chat, Ctrl-C stops it.
</source>
        <translation>Schreiben Sie eine Nachricht und drücken Sie die Eingabetaste; Strg+D beendet das Gespräch, Strg+C bricht es ab.
</translation>
    </message>
    <message>
        <source>The model asks to call %1 on %2.
</source>
        <translation>Das Modell möchte %1 auf %2 aufrufen.
</translation>
    </message>
    <message>
        <source>The model asked for %1; nothing ran: %2
</source>
        <translation>Das Modell hat %1 angefordert; nichts lief: %2
</translation>
    </message>
    <message>
        <source>%1: done; the result goes back to the model: %2
</source>
        <translation>%1: erledigt; das Ergebnis geht an das Modell zurück: %2
</translation>
    </message>
    <message>
        <source>%1: %2; the model is told: %3
</source>
        <translation>%1: %2; das Modell erfährt: %3
</translation>
    </message>
    <message numerus="yes">
        <source>the model still asked for tools after %n replies; the exchange was stopped there (--max-rounds)</source>
        <translation>
            <numerusform>das Modell forderte nach %n Antwort noch Werkzeuge an; der Austausch wurde dort angehalten (--max-rounds)</numerusform>
            <numerusform>das Modell forderte nach %n Antworten noch Werkzeuge an; der Austausch wurde dort angehalten (--max-rounds)</numerusform>
        </translation>
    </message>
    <message>
        <source>Stopped; calls still open were cancelled.
</source>
        <translation>Abgebrochen; noch offene Aufrufe wurden abgebrochen.
</translation>
    </message>
    <message>
        <source>[tokens: %1 in, %2 out; in this conversation: %3 in, %4 out]
</source>
        <translation>[Tokens: %1 hinein, %2 heraus; in diesem Gespräch: %3 hinein, %4 heraus]
</translation>
    </message>
    <message>
        <source>--model-api wants openai or anthropic, not &quot;%1&quot;</source>
        <translation>--model-api erwartet openai oder anthropic, nicht &quot;%1&quot;</translation>
    </message>
    <message>
        <source>--max-rounds wants a whole number from 1 to 1000, not &quot;%1&quot;</source>
        <translation>--max-rounds erwartet eine ganze Zahl von 1 bis 1000, nicht &quot;%1&quot;</translation>
    </message>
    <message>
        <source>--yes does not go with chat: a model&apos;s tool calls are never approved wholesale. At a terminal you decide each one; without one, only calls that a rule (rules.json) allows run</source>
        <translation>--yes gibt es nicht mit chat: die Werkzeugaufrufe eines Modells werden nie pauschal zugelassen. Im Terminal entscheiden Sie jeden einzeln; ohne Terminal laufen nur Aufrufe, die eine Regel (rules.json) zulässt</translation>
    </message>
    <message>
        <source>chat needs a model: --model NAME (from the models file), or --model-url URL --model-api openai|anthropic --model MODEL</source>
        <translation>chat braucht ein Modell: --model NAME (aus der Modelldatei) oder --model-url URL --model-api openai|anthropic --model MODEL</translation>
    </message>
    <message>
        <source>--model-url needs --model-api openai or --model-api anthropic</source>
        <translation>--model-url braucht --model-api openai oder --model-api anthropic</translation>
    </message>
    <message>
        <source>--model-api and --model-key-env go with --model-url; a model from the models file has its own</source>
        <translation>--model-api und --model-key-env gehören zu --model-url; ein Modell aus der Modelldatei hat eigene Angaben</translation>
    </message>
    <message>
        <source>chat takes one question; put it in quotes: chat --model NAME &quot;%1 ...&quot;</source>
        <translation>chat nimmt eine Frage; setzen Sie sie in Anführungszeichen: chat --model NAME &quot;%1 ...&quot;</translation>
    </message>
    <message>
        <source>the question is empty</source>
        <translation>die Frage ist leer</translation>
    </message>
    <message>
        <source>another question was still open</source>
        <translation>eine andere Frage war noch offen</translation>
    </message>
    <message>
        <source>--grant wants an existing folder, optionally followed by &quot;:rw&quot;, not &quot;%1&quot;</source>
        <translation>--grant erwartet einen vorhandenen Ordner, wahlweise gefolgt von &quot;:rw&quot;, nicht &quot;%1&quot;</translation>
    </message>
    <message>
        <source>--no-sandbox runs the server without a sandbox; --grant and --network do not apply</source>
        <translation>--no-sandbox führt den Server ohne Sandbox aus; --grant und --network gelten dann nicht</translation>
    </message>
    <message>
        <source>--grant, --network and --no-sandbox apply to local servers, not to --url</source>
        <translation>--grant, --network und --no-sandbox gelten für lokale Server, nicht für --url</translation>
    </message>
    <message>
        <source>  Sandbox:     %1
</source>
        <translation>  Sandbox:     %1
</translation>
    </message>
    <message>
        <source>To allow it, run again with --grant %1 (or add the folder to the server&apos;s &quot;sandbox&quot; grants in servers.json).</source>
        <translation>Um das zu erlauben, starten Sie erneut mit --grant %1 (oder tragen Sie den Ordner in die &quot;sandbox&quot;-Freigaben des Servers in servers.json ein).</translation>
    </message>
    <message>
        <source>
Prompts for the model %1:
</source>
        <translation>
Prompts für das Modell %1:
</translation>
    </message>
    <message>
        <source>Tools</source>
        <translation>Werkzeuge</translation>
    </message>
    <message>
        <source>all of the server&apos;s</source>
        <translation>alle Werkzeuge des Servers</translation>
    </message>
    <message>
        <source>Runs</source>
        <translation>Läufe</translation>
    </message>
    <message>
        <source>  Prompt:
</source>
        <translation>  Prompt:
</translation>
    </message>
    <message>
        <source>
The tool calls the model asks for are SENT to the server, each decided on its own as any call of a model (this approval covers none of them).
</source>
        <translation>
Die Werkzeugaufrufe, die das Modell anfordert, werden an den Server GESENDET, jeder einzeln entschieden wie jeder Aufruf eines Modells (diese Erlaubnis deckt keinen von ihnen ab).
</translation>
    </message>
    <message>
        <source>
The tool calls the model asks for are recorded and judged, and none is sent to the server.
</source>
        <translation>
Die Werkzeugaufrufe, die das Modell anfordert, werden festgehalten und bewertet, und keiner wird an den Server gesendet.
</translation>
    </message>
    <message numerus="yes">
        <source>%n older tool result(s) were shortened to fit the model&apos;s context of %1 tokens.
</source>
        <translation>
            <numerusform>%n älteres Werkzeugergebnis wurde gekürzt, damit es in den Kontext des Modells von %1 Token passt.
</numerusform>
            <numerusform>%n ältere Werkzeugergebnisse wurden gekürzt, damit sie in den Kontext des Modells von %1 Token passen.
</numerusform>
        </translation>
    </message>
    <message>
        <source>--runs wants a whole number from 1 to %1, not &quot;%2&quot;</source>
        <translation>--runs erwartet eine ganze Zahl von 1 bis %1, nicht &quot;%2&quot;</translation>
    </message>
    <message>
        <source>--network wants &quot;on&quot;, &quot;off&quot; or hosts separated by commas (&quot;api.example.com:443,*.example.org&quot;), not &quot;%1&quot;</source>
        <translation>--network erwartet &quot;on&quot;, &quot;off&quot; oder durch Kommas getrennte Hosts (&quot;api.example.com:443,*.example.org&quot;), nicht &quot;%1&quot;</translation>
    </message>
    <message>
        <source>--model, --model-url, --model-api and --model-key-env only go with chat and run</source>
        <translation>--model, --model-url, --model-api und --model-key-env gehören nur zu chat und run</translation>
    </message>
    <message>
        <source>--runs and --send-model-calls only go with run</source>
        <translation>--runs und --send-model-calls gehören nur zu run</translation>
    </message>
    <message>
        <source>--model-url, --model-api and --model-key-env need --model MODEL, the model&apos;s name</source>
        <translation>--model-url, --model-api und --model-key-env brauchen --model MODEL, den Namen des Modells</translation>
    </message>
    <message>
        <source>--yes does not go with --send-model-calls: a model&apos;s tool calls are never approved wholesale. At a terminal you approve the run and decide each call the model asks for</source>
        <translation>--yes passt nicht zu --send-model-calls: die Werkzeugaufrufe eines Modells werden nie pauschal zugelassen. Im Terminal erlauben Sie den Lauf und entscheiden jeden Aufruf, den das Modell anfordert</translation>
    </message>
    <message>
        <source>--send-model-calls needs a model for the collection&apos;s prompts: --model NAME</source>
        <translation>--send-model-calls braucht ein Modell für die Prompts der Sammlung: --model NAME</translation>
    </message>
    <message>
        <source>the doctor does not start &quot;%1&quot;: nobody trusted what it runs yet. Review and trust it first (run any command for it in a terminal, or open it in the Toolgate app)</source>
        <translation>der Doktor startet &quot;%1&quot; nicht: noch niemand hat dem vertraut, was er ausführt. Prüfen Sie es zuerst und vertrauen Sie ihm (führen Sie im Terminal einen beliebigen Befehl dafür aus, oder öffnen Sie es in der Toolgate-App)</translation>
    </message>
    <message>
        <source>this collection has prompts for a model; name the model: --model NAME (from the models file), or --model-url URL --model-api openai|anthropic --model MODEL</source>
        <translation>diese Sammlung hat Prompts für ein Modell; nennen Sie das Modell: --model NAME (aus der Modelldatei) oder --model-url URL --model-api openai|anthropic --model MODEL</translation>
    </message>
    <message>
        <source>--model, --runs and --send-model-calls go with a collection that has prompts; this one has none</source>
        <translation>--model, --runs und --send-model-calls gehören zu einer Sammlung mit Prompts; diese hat keine</translation>
    </message>
    <message>
        <source>
Collections:
  run COLLECTION [--var name=value ...] [--junit FILE]
                      run the saved calls of a collection file (docs/collections.md) in
                      order and check what each result is expected to show. COLLECTION is a
                      file, or the name of one in %1.
                      Every call goes to the one server of this run: --server NAME, a server
                      after &quot;--&quot;, --url, else the server the calls name.
  --var name=value    a value for ${name} in the calls&apos; arguments (repeatable); read as JSON
                      when it is valid JSON (3, true, &quot;text&quot;), else as text
  --junit FILE        also write the report as JUnit XML, for CI systems
  --model NAME        the model a collection&apos;s prompts go to (as chat takes it: a model of
                      the models file, or --model-url URL --model-api openai|anthropic
                      --model MODEL [--model-key-env VAR])
  --runs N            try each prompt N times (instead of its &quot;runs&quot;)
  --send-model-calls  send the tool calls the model asks for, each decided on its own as
                      in chat (not with --yes); without it they are recorded, not sent
  Before the run, every call is shown with its exact arguments and approved once, as a
  whole (--yes approves exactly the listed calls), and so are the prompts, the model and
  whether its calls are sent. A call whose arguments differ from those shown is asked
  about on its own. Exit code 9: a call failed, an expectation did not hold or a run of a
  prompt did not pass; 11: the model could not be reached or replied unusably; 0: every
  expectation held and every run passed.
</source>
        <translation>
Sammlungen:
  run SAMMLUNG [--var name=wert ...] [--junit DATEI]
                      die gespeicherten Aufrufe einer Sammlungsdatei (docs/collections.md) der
                      Reihe nach ausführen und prüfen, was jedes Ergebnis zeigen soll. SAMMLUNG
                      ist eine Datei oder der Name einer Datei in %1.
                      Jeder Aufruf geht an den einen Server dieses Laufs: --server NAME, ein
                      Server nach &quot;--&quot;, --url, sonst der Server, den die Aufrufe nennen.
  --var name=wert     ein Wert für ${name} in den Argumenten der Aufrufe (wiederholbar); als
                      JSON gelesen, wenn er gültiges JSON ist (3, true, &quot;text&quot;), sonst als Text
  --junit DATEI       den Bericht zusätzlich als JUnit-XML schreiben, für CI-Systeme
  --model NAME        das Modell, an das die Prompts einer Sammlung gehen (wie bei chat: ein
                      Modell der Modelldatei, oder --model-url URL --model-api openai|anthropic
                      --model MODEL [--model-key-env VAR])
  --runs N            jeden Prompt N-mal versuchen (statt seiner &quot;runs&quot;)
  --send-model-calls  die Werkzeugaufrufe, die das Modell anfordert, senden, jeden einzeln
                      entschieden wie bei chat (nicht mit --yes); ohne die Option werden sie
                      festgehalten, nicht gesendet
  Vor dem Lauf wird jeder Aufruf mit seinen genauen Argumenten gezeigt und einmal, als
  Ganzes, erlaubt (--yes erlaubt genau die aufgeführten Aufrufe), ebenso die Prompts, das
  Modell und ob seine Aufrufe gesendet werden. Ein Aufruf, dessen Argumente von den
  gezeigten abweichen, wird einzeln erfragt. Exit-Code 9: ein Aufruf ist fehlgeschlagen,
  eine Erwartung traf nicht zu oder ein Lauf eines Prompts hat nicht bestanden; 11: das
  Modell war nicht erreichbar oder hat unbrauchbar geantwortet; 0: alle Erwartungen trafen
  zu und alle Läufe haben bestanden.
</translation>
    </message>
    <message numerus="yes">
        <source>a prompt, %n run(s)</source>
        <translation>
            <numerusform>ein Prompt, %n Lauf</numerusform>
            <numerusform>ein Prompt, %n Läufe</numerusform>
        </translation>
    </message>
    <message>
        <source>  run %1/%2: %3
</source>
        <translation>  Lauf %1/%2: %3
</translation>
    </message>
    <message>
        <source>passed</source>
        <translation>bestanden</translation>
    </message>
    <message>
        <source>FAILED</source>
        <translation>FEHLGESCHLAGEN</translation>
    </message>
    <message>
        <source>%1 (a prompt on %2: %3 of %4 runs passed, %5)
</source>
        <translation>%1 (ein Prompt auf %2: %3 von %4 Läufen bestanden, %5)
</translation>
    </message>
    <message>
        <source>          run %1 FAILED: </source>
        <translation>          Lauf %1 FEHLGESCHLAGEN: </translation>
    </message>
    <message>
        <source>
Server &quot;%1&quot; asks for a model reply (sampling). You write the reply, or let the model &quot;%2&quot; write it.
</source>
        <translation>
Der Server &quot;%1&quot; bittet um eine Modellantwort (Sampling). Sie schreiben die Antwort, oder das Modell &quot;%2&quot; schreibt sie.
</translation>
    </message>
    <message>
        <source>  --sampling-model is used at a terminal only: nothing is sent to a model.
</source>
        <translation>  --sampling-model gilt nur im Terminal: nichts wird an ein Modell gesendet.
</translation>
    </message>
    <message>
        <source>Reply? [w]rite a reply</source>
        <translation>Antworten? [w] Antwort schreiben</translation>
    </message>
    <message>
        <source> / [m]odel &quot;%1&quot; writes it</source>
        <translation> / [m] Modell &quot;%1&quot; schreibt sie</translation>
    </message>
    <message>
        <source> / [t]ool request</source>
        <translation> / [t] Werkzeug anfordern</translation>
    </message>
    <message>
        <source> / [d]ecline: </source>
        <translation> / [d] ablehnen: </translation>
    </message>
    <message>
        <source>Please answer w, m, t or d: </source>
        <translation>Bitte antworten Sie mit w, m, t oder d: </translation>
    </message>
    <message>
        <source>Please answer y, n or w: </source>
        <translation>Bitte antworten Sie mit y, n oder w: </translation>
    </message>
    <message>
        <source>  This goes to the model &quot;%1&quot; (connection &quot;%2&quot;, %3):
</source>
        <translation>  Dies geht an das Modell &quot;%1&quot; (Verbindung &quot;%2&quot;, %3):
</translation>
    </message>
    <message>
        <source>system</source>
        <translation>System</translation>
    </message>
    <message>
        <source>assistant</source>
        <translation>Assistent</translation>
    </message>
    <message>
        <source>user</source>
        <translation>Benutzer</translation>
    </message>
    <message>
        <source>at most %1 tokens</source>
        <translation>höchstens %1 Token</translation>
    </message>
    <message>
        <source>temperature %1</source>
        <translation>Temperatur %1</translation>
    </message>
    <message>
        <source>stop at %1</source>
        <translation>Stopp bei %1</translation>
    </message>
    <message>
        <source>Send this to the model? [y]es / [n]o: </source>
        <translation>Dies an das Modell senden? [y] ja / [n] nein: </translation>
    </message>
    <message>
        <source>The model did not answer: %1
</source>
        <translation>Das Modell hat nicht geantwortet: %1
</translation>
    </message>
    <message>
        <source>Asking the model &quot;%1&quot;… (nothing goes to the server until you approve its reply)
</source>
        <translation>Frage das Modell &quot;%1&quot; … (nichts geht an den Server, bevor Sie seine Antwort erlauben)
</translation>
    </message>
    <message>
        <source>  The model &quot;%1&quot; answers (%2):
%3
</source>
        <translation>  Das Modell &quot;%1&quot; antwortet (%2):
%3
</translation>
    </message>
    <message>
        <source>Return this reply to the server? [y]es / [n]o, decline / [w]rite my own: </source>
        <translation>Diese Antwort an den Server zurückgeben? [y] ja / [n] nein, ablehnen / [w] selbst schreiben: </translation>
    </message>
    <message>
        <source>To allow it, run again with --network %1 (or add the host to the server&apos;s &quot;sandbox&quot; &quot;network&quot; list in servers.json).</source>
        <translation>Um das zu erlauben, starten Sie erneut mit --network %1 (oder tragen Sie den Host in die &quot;network&quot;-Liste der &quot;sandbox&quot; des Servers in servers.json ein).</translation>
    </message>
    <message>
        <source>Exported 1 record.
</source>
        <translation>1 Eintrag exportiert.
</translation>
    </message>
    <message numerus="yes">
        <source>Exported %n records.
</source>
        <translation>
            <numerusform>%n Eintrag exportiert.
</numerusform>
            <numerusform>%n Einträge exportiert.
</numerusform>
        </translation>
    </message>
    <message>
        <source>Exported 1 record to %1.
</source>
        <translation>1 Eintrag nach %1 exportiert.
</translation>
    </message>
    <message numerus="yes">
        <source>Exported %n records to %1.
</source>
        <translation>
            <numerusform>%n Eintrag nach %1 exportiert.
</numerusform>
            <numerusform>%n Einträge nach %1 exportiert.
</numerusform>
        </translation>
    </message>
    <message>
        <source>unknown --decision &quot;%1&quot; (allow_once, allow_session, allow_always, deny, rule, human, run)</source>
        <translation>unbekannte --decision &quot;%1&quot; (allow_once, allow_session, allow_always, deny, rule, human, run)</translation>
    </message>
    <message>
        <source>the collection run you started and approved</source>
        <translation>den Sammlungslauf, den Sie gestartet und erlaubt haben</translation>
    </message>
    <message>
        <source>Usage: toolgate-cli audit COMMAND [options]

Reads the audit log of every tool call, server request and connection event.

Commands:
  list              The newest records (filters below; --limit N, --before ID for older ones)
  show ID           One record in full, with its hash chain events
  export            The matching records, oldest first: --format jsonl|csv, -o FILE (default stdout)
  verify            Recomputes the hash chain; reports the first record changed or removed

Filters (repeat an option to accept several values):
  --server NAME     --tool NAME      --type tool_call|server_request|connection
  --decision allow_once|allow_session|allow_always|deny|rule|human|run
  --outcome pending|succeeded|tool_error|denied|invalid_arguments|failed|cancelled|unknown
  --client gui|cli|app|model  --since TIME  --until TIME   (TIME: 2024-05-01, 2024-05-01T10:00, or an age: 30m, 2h, 7d)
  --search WORDS    words in arguments, results and errors (each may be the start of a word)
  --tasks           only calls the server ran as tasks;  --task ID  the call that ran as task ID

Other options:
  --db PATH         The audit store (default: the app&apos;s data folder, or $TOOLGATE_AUDIT_DB)
  --json            Machine-readable output (JSON Lines for list)

Exit codes: 0 success, 2 usage, 3 no audit log, 5 query failed or no such record,
            8 verify found records changed or removed.
</source>
        <translation>Aufruf: toolgate-cli audit BEFEHL [Optionen]

Liest das Audit-Protokoll aller Werkzeugaufrufe, Serveranfragen und Verbindungsereignisse.

Befehle:
  list              Die neuesten Einträge (Filter unten; --limit N, --before ID für ältere)
  show ID           Ein Eintrag vollständig, mit den Ereignissen seiner Hash-Kette
  export            Die passenden Einträge, älteste zuerst: --format jsonl|csv, -o FILE (Standard: stdout)
  verify            Berechnet die Hash-Kette neu; meldet den ersten veränderten oder entfernten Eintrag

Filter (eine Option wiederholen, um mehrere Werte zuzulassen):
  --server NAME     --tool NAME      --type tool_call|server_request|connection
  --decision allow_once|allow_session|allow_always|deny|rule|human|run
  --outcome pending|succeeded|tool_error|denied|invalid_arguments|failed|cancelled|unknown
  --client gui|cli|app|model  --since TIME  --until TIME   (TIME: 2024-05-01, 2024-05-01T10:00 oder ein Alter: 30m, 2h, 7d)
  --search WORDS    Wörter in Argumenten, Ergebnissen und Fehlern (jedes darf ein Wortanfang sein)
  --tasks           nur Aufrufe, die der Server als Aufgabe ausführte;  --task ID  der Aufruf, der als Aufgabe ID lief

Weitere Optionen:
  --db PATH         Der Audit-Speicher (Standard: der Datenordner der App oder $TOOLGATE_AUDIT_DB)
  --json            Maschinenlesbare Ausgabe (JSON Lines für list)

Exit-Codes: 0 Erfolg, 2 Fehler im Aufruf, 3 kein Audit-Protokoll, 5 Abfrage fehlgeschlagen oder kein solcher Eintrag,
            8 verify hat veränderte oder entfernte Einträge gefunden.
</translation>
    </message>
    <message>
        <source>set %1 in toolgate-cli&apos;s environment (e.g. %2=… toolgate-cli --server %3 …): it is passed on to the server</source>
        <translation>setzen Sie %1 in der Umgebung von toolgate-cli (z. B. %2=… toolgate-cli --server %3 …): es wird an den Server weitergegeben</translation>
    </message>
    <message>
        <source>the header %1 can only be kept in servers.json (in Toolgate: Keep Them in servers.json)</source>
        <translation>der Header %1 kann nur in servers.json aufbewahrt werden (in Toolgate: In servers.json aufbewahren)</translation>
    </message>
    <message>
        <source>there is no keychain on this computer, so no secret value is kept from one run to the next; %1</source>
        <translation>auf diesem Computer gibt es keinen Schlüsselbund, daher wird kein geheimer Wert von einem Lauf zum nächsten aufbewahrt; %1</translation>
    </message>
    <message>
        <source>--era wants legacy, modern or auto, not &quot;%1&quot;</source>
        <translation>--era erwartet legacy, modern oder auto, nicht &quot;%1&quot;</translation>
    </message>
    <message>
        <source>--era goes with a server given with --url or after &quot;--&quot;; a server of the servers file takes its era from its &quot;protocolEra&quot; there</source>
        <translation>--era gilt für einen Server von --url oder nach &quot;--&quot;; ein Server der Serverdatei nimmt seine Ära aus seinem &quot;protocolEra&quot; dort</translation>
    </message>
    <message>
        <source>skill NAME</source>
        <translation>skill NAME</translation>
    </message>
    <message>
        <source>Usage: toolgate-cli [options] &lt;command&gt; [command arguments]
       toolgate-cli [options] &lt;command&gt; [command arguments] -- &lt;server command&gt; [server arguments...]

Talks to one MCP server: the server given after &quot;--&quot; (started directly, nothing configured),
else the one named with --server in the servers file, else the only enabled one there.
Without a servers file the bundled demo server is used. A server given after &quot;--&quot; inherits
the whole environment; configured servers see only PATH, HOME and a few other basics plus
the &quot;env&quot; of their entry.

Commands:
  servers                           list the configured servers (does not connect)
  info                              server name and version, protocol revision, capabilities,
                                    instructions
  tools                             list the tools
  call TOOL [key=value ...]         call a tool once you approve it (see Tool arguments)
  call TOOL &apos;{&quot;key&quot;: ...}&apos; [key=value ...]
  call TOOL --args &apos;{&quot;key&quot;: ...}&apos; [key=value ...]
  resources                         list the resources
  read URI                          read a resource
  templates                         list the resource templates
  prompts                           list the prompts
  prompt NAME [key=value ...]       render a prompt with its arguments
  skills                            list the server&apos;s skills (name, description, size, digest);
                                    no skill file is fetched
  skill NAME                        fetch a skill&apos;s SKILL.md (NAME, or its skill:// URI), verify
                                    it against the listing (size, digest, frontmatter) and print
                                    it; a skill that fails is not printed (exit code 5)
  complete prompt NAME ARG VALUE [key=value ...]
  complete template URI ARG VALUE [key=value ...]
                                    suggest values for a prompt argument or a template
                                    variable; key=value gives the other arguments as context
  ping                              check that the server answers
  doctor                            find out why a server does not connect: its program and
                                    PATH, its first output and how it ended, or for --url the
                                    connection, the endpoint&apos;s answer and its sign-in
  task list                         list the server&apos;s tasks (servers of the 2025-11-25 era)
  task get ID                       show a task&apos;s status
  task result ID                    wait for a task to end and print its result, as call does
  task cancel ID                    cancel a task at the server
  chat --model NAME [&quot;QUESTION&quot;]    talk with a language model that may call the server&apos;s tools,
                                    each call decided by you (see Chat with a model)

Tool arguments:
  key=value       The value takes the type the tool&apos;s input schema gives that key: a=2 sends
                  the number 2 when &quot;a&quot; is a number, the string &quot;2&quot; when it is a string;
                  booleans accept true/false, yes/no, 1/0; arrays and objects are JSON.
  key:=JSON       The value is raw JSON, sent without conversion (key:=&apos;&quot;007&quot;&apos;).
  a.b=value       Sets property b of the object argument a.
  JSON object     Given as the first argument after TOOL, or with --args (alias --json-args),
                  it is sent as written. key=value pairs after it add or replace top-level keys.
  Arguments that do not match the tool&apos;s input schema are refused before anything is sent.
  Note: --json selects JSON output; it never takes the arguments.

Options:
  --config FILE       servers file (default: %1)
                      Reads the &quot;mcpServers&quot; format (Claude Desktop, Cursor) and VS Code&apos;s
                      &quot;servers&quot; format.
  --server NAME       the configured server to use (needed when several are enabled)
  --url URL           a remote (HTTP) server instead of a configured one: Streamable HTTP,
                      falling back to the older HTTP+SSE transport
  --header &quot;N: V&quot;     an HTTP header for the --url server (repeatable)
  --era legacy|modern|auto
                      the protocol era of a server given with --url or after &quot;--&quot;:
                      legacy opens with initialize (2025-11-25 and before), modern with
                      server/discover (2026-07-28); auto, the default, opens with
                      initialize and turns modern when the server refuses it. A server
                      of the servers file has its &quot;protocolEra&quot; there
  --yes, -y           approve every tool call without asking (not with chat: a model&apos;s
                      calls are never approved wholesale)
  --json              machine-readable output: one JSON document per command on stdout
  --timeout SECONDS   tool call inactivity timeout (default 60; progress from the server
                      restarts it); given, it also bounds a task: one with no news for
                      that long is cancelled at the server
  --root DIR          a folder the server may know about when it asks for the client&apos;s
                      roots (repeatable; none are shared without it)
  --sampling-model NAME
                      a model of the models file that may write the reply when a server
                      asks for one (sampling); at a terminal only, each step approved
  --grant DIR[:rw]    let a local server&apos;s sandbox see DIR, read-only, or with &quot;:rw&quot; to
                      write in it too (repeatable; adds to the servers file&apos;s grants)
  --network on|off|HOST,...
                      whether a local server&apos;s sandbox may use the network (this
                      computer included), or only the listed hosts (&quot;host:port&quot; or
                      &quot;*.example.com&quot;), through Toolgate&apos;s proxy; default: as the
                      servers file says, else on
  --no-sandbox        run a local server with your full rights, without a sandbox
                      (recorded in the audit log). Local servers run in a sandbox by
                      default: the system read-only, your home folder hidden except
                      the grants, never Toolgate&apos;s own files or your keys
  --task              call: ask the tool to run as a task, when it may (tools that require
                      it always do)
  --no-wait           call: once the server answers with a task, print its id and exit,
                      leaving the task running at the server
  --verbose           copy the server&apos;s stderr, its log messages and protocol problems to stderr
  --save-dir DIR      write images, audio and binary resource contents to files in DIR
  --version           print the version
  --help, -h          print this help

Approval:
  Before every tool call, stderr shows the server (name and command or URL), the tool (title,
  name, description), its annotations (the server&apos;s own, unverified claims), any problems
  with the arguments, and the exact JSON arguments. The answer is read from stdin:
    y  allow this call once
    n  deny it (you may then give a reason)
    s  show the tool&apos;s input schema, then ask again
  End of input, or no input at all, denies the call (&quot;no answer&quot;). Ctrl-C (or SIGTERM)
  cancels a call that is waiting or running (the server is told) and exits with 130.

When the server asks:
  A server may ask for information (elicitation: a form, asked field by field with its
  defaults offered, or a link to open in your browser, opened only if you agree) or for a
  model reply (sampling: you read the conversation and write the reply, or ask for one of
  the tools it offers, or decline). With --sampling-model NAME a model of the models file
  may write it instead: you see what goes to the model and approve sending it, then see
  its reply and approve returning it. With --yes, or when input ends, such questions are
  declined and the server is told why; nothing is ever answered for you. Roots are the
  folders given with --root.

Tasks:
  A server may run a call as a task: it answers at once with a task id and works on.
  call then shows the task&apos;s status on stderr while it runs (one updating line on a
  terminal, a line per change otherwise), and prints the result as for any call. Ctrl-C
  cancels the task at the server (tasks/cancel). With --no-wait it prints the task id
  instead; look at the task later with &quot;task get ID&quot; and &quot;task result ID&quot;, given the same
  server. A server that toolgate-cli starts itself stops when the run ends, and its tasks
  with it: --no-wait and the task commands are for servers that keep running (--url).

Output:
  Text is printed as is; images, audio and binary data are summarised, and saved with
  --save-dir. Progress the server reports for a running call goes to stderr, one line
  per report: TOOL: progress N/TOTAL (message). Errors go to stderr as
  &quot;toolgate-cli: &lt;message&gt;&quot;.

Exit codes:
  0    success
  1    the tool reported an error (isError)
  2    usage error
  3    configuration error
  4    could not connect, or the server failed
  5    a request failed (protocol error, timeout, error from the server)
  6    the call was denied
  7    invalid tool arguments
  8    audit verify: the audit log was changed after it was written
  9    run: a call got no result, an expectation did not hold, or a run of a prompt did not pass
  10   diff: the two interfaces differ
  11   chat, run: the model could not be reached, refused the request or sent an unusable reply
  12   chat: the model still asked for tools after --max-rounds replies
  130  interrupted (Ctrl-C or SIGTERM)
</source>
        <translation>Aufruf: toolgate-cli [Optionen] &lt;Befehl&gt; [Argumente des Befehls]
        toolgate-cli [Optionen] &lt;Befehl&gt; [Argumente des Befehls] -- &lt;Serverbefehl&gt; [Serverargumente...]

Spricht mit einem MCP-Server: dem nach &quot;--&quot; angegebenen (direkt gestartet, nichts eingerichtet),
sonst dem mit --server in der Serverdatei genannten, sonst dem einzigen dort aktivierten.
Ohne Serverdatei wird der mitgelieferte Demo-Server verwendet. Ein nach &quot;--&quot; angegebener Server
erbt die ganze Umgebung; eingerichtete Server sehen nur PATH, HOME und einige andere Grundlagen
sowie das &quot;env&quot; ihres Eintrags.

Befehle:
  servers                           die eingerichteten Server auflisten (ohne Verbindung)
  info                              Name und Version des Servers, Protokollversion, Fähigkeiten,
                                    Anleitung
  tools                             die Werkzeuge auflisten
  call TOOL [key=value ...]         ein Werkzeug aufrufen, sobald Sie zustimmen (siehe
                                    Werkzeugargumente)
  call TOOL &apos;{&quot;key&quot;: ...}&apos; [key=value ...]
  call TOOL --args &apos;{&quot;key&quot;: ...}&apos; [key=value ...]
  resources                         die Ressourcen auflisten
  read URI                          eine Ressource lesen
  templates                         die Ressourcenvorlagen auflisten
  prompts                           die Prompts auflisten
  prompt NAME [key=value ...]       einen Prompt mit seinen Argumenten erzeugen
  skills                            die Skills des Servers auflisten (Name, Beschreibung, Größe,
                                    Digest); keine Skill-Datei wird geholt
  skill NAME                        die SKILL.md eines Skills holen (NAME oder seine skill://-URI),
                                    gegen die Liste prüfen (Größe, Digest, Frontmatter) und
                                    ausgeben; ein Skill, der die Prüfung nicht besteht, wird nicht
                                    ausgegeben (Exit-Code 5)
  complete prompt NAME ARG VALUE [key=value ...]
  complete template URI ARG VALUE [key=value ...]
                                    Werte für ein Prompt-Argument oder eine Vorlagenvariable
                                    vorschlagen; key=value gibt die übrigen Argumente als Kontext
  ping                              prüfen, ob der Server antwortet
  doctor                            herausfinden, warum ein Server sich nicht verbindet: sein
                                    Programm und PATH, seine erste Ausgabe und wie er endete, bei
                                    --url die Verbindung, die Antwort des Endpunkts und die
                                    Anmeldung
  task list                         die Tasks des Servers auflisten (Server der Ära 2025-11-25)
  task get ID                       den Status eines Tasks zeigen
  task result ID                    warten, bis ein Task endet; sein Ergebnis ausgeben wie call
  task cancel ID                    einen Task beim Server abbrechen
  chat --model NAME [&quot;QUESTION&quot;]    mit einem Sprachmodell sprechen, das die Werkzeuge des Servers
                                    aufrufen darf, jeden Aufruf entscheiden Sie (siehe Mit einem
                                    Modell sprechen)

Werkzeugargumente:
  key=value       Der Wert bekommt den Typ, den das Eingabeschema des Werkzeugs für diesen
                  Schlüssel angibt: a=2 sendet die Zahl 2, wenn &quot;a&quot; eine Zahl ist, den Text &quot;2&quot;,
                  wenn es ein Text ist; Wahrheitswerte: true/false, yes/no, 1/0; Arrays und
                  Objekte sind JSON.
  key:=JSON       Der Wert ist rohes JSON und wird unverändert gesendet (key:=&apos;&quot;007&quot;&apos;).
  a.b=value       Setzt die Eigenschaft b des Objekt-Arguments a.
  JSON-Objekt     Als erstes Argument nach TOOL oder mit --args (auch --json-args) angegeben,
                  wird es so gesendet, wie es geschrieben ist. key=value-Paare danach ergänzen
                  oder ersetzen Schlüssel der obersten Ebene.
  Argumente, die nicht zum Eingabeschema des Werkzeugs passen, werden abgewiesen, bevor
  irgendetwas gesendet wird.
  Hinweis: --json wählt die JSON-Ausgabe; es nimmt nie die Argumente entgegen.

Optionen:
  --config FILE       Serverdatei (Standard: %1)
                      Liest das Format &quot;mcpServers&quot; (Claude Desktop, Cursor) und das Format
                      &quot;servers&quot; von VS Code.
  --server NAME       der zu verwendende eingerichtete Server (nötig, wenn mehrere aktiv sind)
  --url URL           ein entfernter (HTTP-)Server statt eines eingerichteten: Streamable HTTP,
                      ersatzweise der ältere Transport HTTP+SSE
  --header &quot;N: V&quot;     ein HTTP-Header für den Server von --url (wiederholbar)
  --era legacy|modern|auto
                      die Protokoll-Ära eines Servers von --url oder nach &quot;--&quot;:
                      legacy beginnt mit initialize (2025-11-25 und früher), modern mit
                      server/discover (2026-07-28); auto, der Standard, beginnt mit
                      initialize und wechselt zu modern, wenn der Server das ablehnt. Ein
                      Server der Serverdatei hat dafür dort sein &quot;protocolEra&quot;
  --yes, -y           jeden Werkzeugaufruf ohne Nachfrage zulassen (nicht mit chat: die
                      Aufrufe eines Modells werden nie pauschal zugelassen)
  --json              maschinenlesbare Ausgabe: ein JSON-Dokument pro Befehl auf stdout
  --timeout SECONDS   Zeitlimit für Untätigkeit eines Werkzeugaufrufs (Vorgabe 60; Fortschritts-
                      meldungen des Servers starten es neu); angegeben, begrenzt es auch einen
                      Task: einer, der sich so lange nicht meldet, wird beim Server abgebrochen
  --root DIR          ein Ordner, den der Server kennen darf, wenn er nach den Stammordnern
                      (Roots) des Clients fragt (wiederholbar; ohne diese Option wird keiner
                      geteilt)
  --sampling-model NAME
                      ein Modell der Modelldatei, das die Antwort schreiben darf, wenn ein
                      Server um eine bittet (Sampling); nur im Terminal, jeder Schritt wird
                      von Ihnen erlaubt
  --grant DIR[:rw]    die Sandbox eines lokalen Servers DIR sehen lassen, nur lesend, oder mit
                      &quot;:rw&quot; auch schreibend (wiederholbar; ergänzt die Freigaben der Serverdatei)
  --network on|off|HOST,...
                      ob die Sandbox eines lokalen Servers das Netzwerk nutzen darf (auch diesen
                      Computer), oder nur die aufgeführten Hosts (&quot;host:port&quot; oder
                      &quot;*.example.com&quot;), über den Proxy von Toolgate; Vorgabe: wie in der
                      Serverdatei, sonst on
  --no-sandbox        einen lokalen Server ohne Sandbox mit Ihren vollen Rechten ausführen
                      (wird im Audit-Log festgehalten). Lokale Server laufen sonst in einer
                      Sandbox: das System nur lesbar, Ihr Home-Ordner verborgen bis auf die
                      Freigaben, nie Toolgates eigene Dateien oder Ihre Schlüssel
  --task              call: das Werkzeug bitten, als Task zu laufen, wenn es das kann
                      (Werkzeuge, die es verlangen, tun es immer)
  --no-wait           call: sobald der Server mit einem Task antwortet, dessen ID ausgeben und
                      enden; der Task läuft beim Server weiter
  --verbose           stderr, Log-Meldungen und Protokollprobleme des Servers nach stderr kopieren
  --save-dir DIR      Bilder, Audio und binäre Ressourceninhalte als Dateien in DIR schreiben
  --version           die Version ausgeben
  --help, -h          diese Hilfe ausgeben

Freigabe:
  Vor jedem Werkzeugaufruf zeigt stderr den Server (Name und Befehl oder URL), das Werkzeug
  (Titel, Name, Beschreibung), seine Hinweise (eigene, nicht überprüfte Angaben des Servers),
  etwaige Probleme mit den Argumenten und die genauen JSON-Argumente. Die Antwort wird von
  stdin gelesen:
    y  diesen Aufruf einmal zulassen
    n  ihn ablehnen (danach können Sie einen Grund angeben)
    s  das Eingabeschema des Werkzeugs zeigen, dann erneut fragen
  Ende der Eingabe oder gar keine Eingabe lehnt den Aufruf ab (&quot;keine Antwort&quot;). Strg+C (oder
  SIGTERM) bricht einen wartenden oder laufenden Aufruf ab (der Server wird informiert) und
  endet mit 130.

Wenn der Server fragt:
  Ein Server kann um Angaben bitten (Rückfrage: ein Formular, Feld für Feld abgefragt mit
  angebotenen Vorgaben, oder ein Link, der nur mit Ihrer Zustimmung im Browser geöffnet wird)
  oder um eine Modellantwort (Sampling: Sie lesen das Gespräch und schreiben die Antwort,
  fordern eines der angebotenen Werkzeuge an oder lehnen ab). Mit --sampling-model NAME kann
  stattdessen ein Modell der Modelldatei sie schreiben: Sie sehen, was an das Modell geht, und
  erlauben das Senden, dann sehen Sie seine Antwort und erlauben, sie zurückzugeben. Mit --yes
  oder am Ende der Eingabe werden solche Fragen abgelehnt, und der Server erfährt den Grund;
  nie wird etwas für Sie beantwortet. Stammordner (Roots) sind die mit --root angegebenen
  Ordner.

Tasks:
  Ein Server kann einen Aufruf als Task ausführen: Er antwortet sofort mit einer Task-ID und
  arbeitet weiter. call zeigt dann den Status des Tasks auf stderr, solange er läuft (eine
  sich aktualisierende Zeile im Terminal, sonst eine Zeile pro Änderung), und gibt das
  Ergebnis aus wie bei jedem Aufruf. Strg+C bricht den Task beim Server ab (tasks/cancel).
  Mit --no-wait wird stattdessen die Task-ID ausgegeben; später zeigen &quot;task get ID&quot; und
  &quot;task result ID&quot; den Task, mit demselben Server. Ein Server, den toolgate-cli selbst
  startet, endet mit dem Lauf, und seine Tasks mit ihm: --no-wait und die task-Befehle sind
  für Server, die weiterlaufen (--url).

Ausgabe:
  Text wird unverändert ausgegeben; Bilder, Audio und Binärdaten werden zusammengefasst und
  mit --save-dir gespeichert. Fortschritt, den der Server für einen laufenden Aufruf meldet,
  geht nach stderr, eine Zeile pro Meldung: TOOL: Fortschritt N/TOTAL (Nachricht). Fehler
  gehen nach stderr als &quot;toolgate-cli: &lt;Nachricht&gt;&quot;.

Exit-Codes:
  0    Erfolg
  1    das Werkzeug hat einen Fehler gemeldet (isError)
  2    Fehler im Aufruf
  3    Fehler in der Konfiguration
  4    keine Verbindung möglich, oder der Server ist ausgefallen
  5    eine Anfrage ist fehlgeschlagen (Protokollfehler, Zeitüberschreitung, Fehler vom Server)
  6    der Aufruf wurde abgelehnt
  7    ungültige Werkzeugargumente
  8    audit verify: das Audit-Protokoll wurde nach dem Schreiben verändert
  9    run: ein Aufruf bekam kein Ergebnis, eine Erwartung traf nicht zu, oder ein Lauf eines
       Prompts hat nicht bestanden
  10   diff: die beiden Schnittstellen unterscheiden sich
  11   chat, run: das Modell war nicht erreichbar, hat die Anfrage abgewiesen oder unbrauchbar
       geantwortet
  12   chat: das Modell forderte nach --max-rounds Antworten noch Werkzeuge an
  130  unterbrochen (Strg+C oder SIGTERM)
</translation>
    </message>
    <message>
        <source>A skill was left out: %1
</source>
        <translation>Ein Skill wurde ausgelassen: %1
</translation>
    </message>
    <message>
        <source>The server lists no skills.
</source>
        <translation>Der Server listet keine Skills.
</translation>
    </message>
    <message>
        <source>    no digests: cannot be verified, so it is not loaded
</source>
        <translation>    keine Digests: nicht prüfbar, daher nicht geladen
</translation>
    </message>
    <message>
        <source>    1 file</source>
        <translation>    1 Datei</translation>
    </message>
    <message>
        <source>    %1 files</source>
        <translation>    %1 Dateien</translation>
    </message>
    <message>
        <source>, %1 bytes</source>
        <translation>, %1 Bytes</translation>
    </message>
    <message>
        <source>    SKILL.md %1
</source>
        <translation>    SKILL.md %1
</translation>
    </message>
    <message>
        <source>Verified against the listing: size, digest and frontmatter of %1.
</source>
        <translation>Gegen die Liste geprüft: Größe, Digest und Frontmatter von %1.
</translation>
    </message>
    <message>
        <source>chat --skill needs a terminal: you confirm the skill&apos;s instructions before the model gets them</source>
        <translation>chat --skill braucht ein Terminal: Sie bestätigen die Anweisungen des Skills, bevor das Modell sie erhält</translation>
    </message>
    <message>
        <source>
Chat with a model:
  chat --model NAME [&quot;QUESTION&quot;]
  chat --model-url URL --model-api openai|anthropic --model MODEL [--model-key-env VAR] [&quot;QUESTION&quot;]
                      a conversation with a language model that may call the server&apos;s
                      tools. NAME is a model of the models file (models.json beside the
                      servers file; its key is read from the system keychain). Or give the
                      model here: the base URL (with /v1 for openai), the wire format, the
                      model&apos;s name, and the environment variable that holds the key (never
                      the key itself). With a question: one exchange, the answer on stdout.
                      Without, at a terminal: a prompt line per message; Ctrl-D ends.
  --tool NAME         expose only this tool of the server to the model (repeatable); all
                      of them without it
  --max-rounds N      most replies of the model per question (default 10): a model still
                      calling tools then is stopped (exit code 12)
  --skill NAME        give the model the server&apos;s skill NAME (or its skill:// URI) as
                      instructions: its SKILL.md is fetched, verified and shown, and goes to
                      the model only if you answer y (recorded in the audit log); n ends the
                      chat (exit code 6). Needs a terminal.
  Every tool call the model asks for goes through the same checks as call: rules, pinned
  definitions, your decision, the audit log (recorded as the model&apos;s). At a terminal you
  decide each call (y / n with a reason, which the model is told). Without a terminal only
  calls that a rule (rules.json) allows run; the rest are denied and the model is told why.
  --yes is refused: a model&apos;s calls are never approved wholesale. A tool the model asks
  for that was not exposed never runs. --json prints the transcript (messages, tool calls
  with decisions and results, tokens) instead of the text. It exits with 0 when the model
  answered, 11 when the model failed, 12 at the bound on rounds, 130 when stopped (Ctrl-C).
</source>
        <translation>
Mit einem Modell sprechen:
  chat --model NAME [&quot;QUESTION&quot;]
  chat --model-url URL --model-api openai|anthropic --model MODEL [--model-key-env VAR] [&quot;QUESTION&quot;]
                      ein Gespräch mit einem Sprachmodell, das die Werkzeuge des Servers
                      aufrufen darf. NAME ist ein Modell der Modelldatei (models.json neben
                      der Serverdatei; sein Schlüssel wird aus dem Schlüsselbund des Systems
                      gelesen). Oder das Modell wird hier angegeben: die Basis-URL (mit /v1
                      bei openai), das Format, der Name des Modells und die Umgebungsvariable,
                      die den Schlüssel enthält (nie der Schlüssel selbst). Mit einer Frage:
                      ein Austausch, die Antwort auf stdout. Ohne, im Terminal: eine
                      Eingabezeile pro Nachricht; Strg+D beendet.
  --tool NAME         nur dieses Werkzeug des Servers dem Modell zeigen (wiederholbar); ohne
                      diese Option alle
  --max-rounds N      höchstens so viele Antworten des Modells pro Frage (Standard 10): ein
                      Modell, das dann noch Werkzeuge aufruft, wird angehalten (Exit-Code 12)
  --skill NAME        dem Modell den Skill NAME des Servers (oder seine skill://-URI) als
                      Anweisungen geben: seine SKILL.md wird geholt, geprüft und angezeigt
                      und geht nur an das Modell, wenn Sie mit y antworten (im Audit-
                      Protokoll vermerkt); n beendet den Chat (Exit-Code 6). Braucht ein
                      Terminal.
  Jeder Werkzeugaufruf, den das Modell anfordert, durchläuft dieselben Prüfungen wie call:
  Regeln, festgehaltene Definitionen, Ihre Entscheidung, das Audit-Protokoll (als Aufruf des
  Modells). Im Terminal entscheiden Sie jeden Aufruf (y / n mit einem Grund, den das Modell
  erfährt). Ohne Terminal laufen nur Aufrufe, die eine Regel (rules.json) zulässt; die
  übrigen werden abgelehnt, und das Modell erfährt den Grund. --yes wird abgewiesen: die
  Aufrufe eines Modells werden nie pauschal zugelassen. Ein Werkzeug, das nicht freigegeben
  wurde, läuft nie. --json gibt statt des Textes das Protokoll des Gesprächs aus (Nachrichten,
  Werkzeugaufrufe mit Entscheidungen und Ergebnissen, Tokens). Es endet mit 0, wenn das
  Modell geantwortet hat, 11, wenn das Modell versagt hat, 12 an der Grenze der Runden, 130
  bei Abbruch (Strg+C).
</translation>
    </message>
    <message>
        <source>--skill: the server “%1” offers no skills.</source>
        <translation>--skill: Der Server „%1“ bietet keine Skills an.</translation>
    </message>
    <message>
        <source>--skill: the server lists no skill “%1”; toolgate-cli skills lists those it has.</source>
        <translation>--skill: Der Server listet keinen Skill „%1“; toolgate-cli skills listet die vorhandenen.</translation>
    </message>
    <message>
        <source>--skill: several skills are named “%1”. Name one by its URI.</source>
        <translation>--skill: Mehrere Skills heißen „%1“. Nennen Sie einen mit seiner URI.</translation>
    </message>
    <message numerus="yes">
        <source>The model will get these instructions, with every message that follows:
  Server:  %1
  Skill:   %2
  URI:     %3
  Digest:  %4
  Size:    %n byte(s)
</source>
        <translation>
            <numerusform>Das Modell erhält diese Anweisungen, mit jeder folgenden Nachricht:
  Server:  %1
  Skill:   %2
  URI:     %3
  Digest:  %4
  Größe:   %n Byte
</numerusform>
            <numerusform>Das Modell erhält diese Anweisungen, mit jeder folgenden Nachricht:
  Server:  %1
  Skill:   %2
  URI:     %3
  Digest:  %4
  Größe:   %n Bytes
</numerusform>
        </translation>
    </message>
    <message>
        <source>Add this skill to the conversation? [y/N] </source>
        <translation>Diesen Skill zum Gespräch hinzufügen? [y/N] </translation>
    </message>
    <message>
        <source>The skill was not added; nothing was sent to the model.
</source>
        <translation>Der Skill wurde nicht hinzugefügt; nichts ging an das Modell.
</translation>
    </message>
    <message>
        <source>--tool, --max-rounds and --skill only go with chat</source>
        <translation>--tool, --max-rounds und --skill gehören nur zu chat</translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>%1 · identifies as %2 (self-reported)</source>
        <translation>%1 · gibt sich als %2 aus (Selbstauskunft)</translation>
    </message>
    <message>
        <source>Secret values are masked here and kept in the system keychain, not in servers.json.</source>
        <translation>Geheime Werte werden hier verdeckt angezeigt und im Schlüsselbund des Systems aufbewahrt, nicht in servers.json.</translation>
    </message>
</context>
<context>
    <name>Toolgate::AboutDialog</name>
    <message>
        <source>Application framework (Core, Network, Sql, Widgets, Svg)</source>
        <translation>Anwendungsrahmen (Core, Network, Sql, Widgets, Svg)</translation>
    </message>
    <message>
        <source>Stores sign-in tokens in the system keychain</source>
        <translation>Speichert Anmelde-Token im Schlüsselbund des Systems</translation>
    </message>
    <message>
        <source>Syntax highlighting of embedded resources</source>
        <translation>Syntaxhervorhebung eingebetteter Ressourcen</translation>
    </message>
    <message>
        <source>About Toolgate</source>
        <translation>Über Toolgate</translation>
    </message>
    <message>
        <source>&lt;h2&gt;Toolgate %1&lt;/h2&gt;</source>
        <translation>&lt;h2&gt;Toolgate %1&lt;/h2&gt;</translation>
    </message>
    <message>
        <source>A desktop host for the Model Context Protocol: connect MCP servers, browse their tools, resources and prompts, and run tools with your approval.</source>
        <translation>Ein Desktop-Host für das Model Context Protocol: MCP-Server verbinden, ihre Werkzeuge, Ressourcen und Prompts durchsehen und Werkzeuge mit Ihrer Freigabe ausführen.</translation>
    </message>
    <message>
        <source>&lt;a href=&quot;%1&quot;&gt;Project page&lt;/a&gt; · &lt;a href=&quot;%1#readme&quot;&gt;Documentation&lt;/a&gt; · &lt;a href=&quot;%1/issues&quot;&gt;Report a problem&lt;/a&gt;</source>
        <translation>&lt;a href=&quot;%1&quot;&gt;Projektseite&lt;/a&gt; · &lt;a href=&quot;%1#readme&quot;&gt;Dokumentation&lt;/a&gt; · &lt;a href=&quot;%1/issues&quot;&gt;Problem melden&lt;/a&gt;</translation>
    </message>
    <message>
        <source>Licences</source>
        <translation>Lizenzen</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Toolgate&lt;/b&gt; is free software under the MIT licence (below). It uses:&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;Toolgate&lt;/b&gt; ist freie Software unter der MIT-Lizenz (siehe unten). Es verwendet:&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Built with Qt %1, running on Qt %2.</source>
        <translation>Erstellt mit Qt %1, läuft mit Qt %2.</translation>
    </message>
    <message>
        <source>Component</source>
        <translation>Komponente</translation>
    </message>
    <message>
        <source>Licence</source>
        <translation>Lizenz</translation>
    </message>
    <message>
        <source>Used for</source>
        <translation>Verwendet für</translation>
    </message>
    <message>
        <source>The licence text is missing from this build; see the LICENSE file of the source (MIT licence).</source>
        <translation>Der Lizenztext fehlt in diesem Build; siehe die Datei LICENSE im Quellcode (MIT-Lizenz).</translation>
    </message>
</context>
<context>
    <name>Toolgate::AnthropicMessagesClient</name>
    <message>
        <source>the model server reported an error: %1</source>
        <translation>der Modellserver meldete einen Fehler: %1</translation>
    </message>
    <message>
        <source>the model server&apos;s stream held something that is not a JSON object: %1</source>
        <translation>der Datenstrom des Modellservers enthielt etwas, das kein JSON-Objekt ist: %1</translation>
    </message>
    <message>
        <source>the stream ended before the answer was complete (no message_stop).</source>
        <translation>der Datenstrom endete, bevor die Antwort vollständig war (kein message_stop).</translation>
    </message>
    <message>
        <source>the model server&apos;s answer is not a JSON object: %1</source>
        <translation>die Antwort des Modellservers ist kein JSON-Objekt: %1</translation>
    </message>
    <message>
        <source>the model server&apos;s answer has no &quot;content&quot; list.</source>
        <translation>die Antwort des Modellservers hat keine Liste &quot;content&quot;.</translation>
    </message>
</context>
<context>
    <name>Toolgate::AnyFieldEditor</name>
    <message>
        <source>JSON (this part of the schema repeats itself)</source>
        <translation>JSON (dieser Teil des Schemas wiederholt sich)</translation>
    </message>
    <message>
        <source>any JSON value, e.g. &quot;text&quot;, 42 or {&quot;key&quot;: 1}</source>
        <translation>ein beliebiger JSON-Wert, z. B. &quot;text&quot;, 42 oder {&quot;key&quot;: 1}</translation>
    </message>
    <message>
        <source>is not valid JSON</source>
        <translation>ist kein gültiges JSON</translation>
    </message>
    <message>
        <source>Too large to edit here as it is; it is sent unchanged unless you edit it.</source>
        <translation>Zu groß, um es hier so zu bearbeiten; es wird unverändert gesendet, solange Sie es nicht bearbeiten.</translation>
    </message>
    <message>
        <source>Edit here</source>
        <translation>Hier bearbeiten</translation>
    </message>
    <message>
        <source>Put the whole text into the editor (this may take a moment)</source>
        <translation>Den ganzen Text in den Editor übernehmen (das kann einen Moment dauern)</translation>
    </message>
</context>
<context>
    <name>Toolgate::AppBridge</name>
    <message>
        <source>the app sent something that is not JSON-RPC: %1</source>
        <translation>die App hat etwas gesendet, das kein JSON-RPC ist: %1</translation>
    </message>
    <message>
        <source>the app asked to call %1, which %2 does not offer; apps may only call tools of their own server</source>
        <translation>die App wollte %1 aufrufen, das %2 nicht anbietet; Apps dürfen nur Werkzeuge ihres eigenen Servers aufrufen</translation>
    </message>
    <message>
        <source>the app asked to call %1, which its server does not make visible to apps</source>
        <translation>die App wollte %1 aufrufen, das ihr Server für Apps nicht sichtbar macht</translation>
    </message>
    <message>
        <source>the app asked to open %1; only web and mail links can be opened</source>
        <translation>die App wollte %1 öffnen; nur Web- und E-Mail-Links können geöffnet werden</translation>
    </message>
    <message>
        <source>not a web or mail link</source>
        <translation>kein Web- oder E-Mail-Link</translation>
    </message>
    <message>
        <source>the view closed before an answer</source>
        <translation>die Ansicht wurde vor einer Antwort geschlossen</translation>
    </message>
    <message>
        <source>the app sent a message of %1 characters; more than %2 is ignored</source>
        <translation>die App hat eine Nachricht mit %1 Zeichen gesendet; mehr als %2 werden ignoriert</translation>
    </message>
    <message>
        <source>the app sends messages faster than Toolgate takes them (more than %1 a second); the extra ones are dropped unread</source>
        <translation>die App sendet Nachrichten schneller, als Toolgate sie annimmt (mehr als %1 pro Sekunde); die überzähligen werden ungelesen verworfen</translation>
    </message>
    <message>
        <source>the app sent a batch of %1 messages, more than Toolgate takes at once; the rest were refused</source>
        <translation>die App hat einen Stapel von %1 Nachrichten gesendet, mehr als Toolgate auf einmal annimmt; der Rest wurde abgewiesen</translation>
    </message>
    <message>
        <source>the app asked to call %1 while %2 of its calls were still waiting or running; Toolgate refuses more until they finish</source>
        <translation>die App wollte %1 aufrufen, während %2 ihrer Aufrufe noch warteten oder liefen; Toolgate weist weitere ab, bis diese fertig sind</translation>
    </message>
    <message>
        <source>the app calls tools faster than Toolgate allows (%1 a second); the call to %2 was refused and nothing was sent</source>
        <translation>die App ruft Werkzeuge schneller auf, als Toolgate erlaubt (%1 pro Sekunde); der Aufruf von %2 wurde abgewiesen, und nichts wurde gesendet</translation>
    </message>
    <message>
        <source>the app asked to read %1 while %2 of its reads were waiting; Toolgate refuses more until they finish</source>
        <translation>die App wollte %1 lesen, während %2 ihrer Lesevorgänge noch warteten; Toolgate weist weitere ab, bis diese fertig sind</translation>
    </message>
    <message>
        <source>the app read %1, which is %2 MB; apps are given at most %3 MB</source>
        <translation>die App hat %1 gelesen, das sind %2 MB; Apps bekommen höchstens %3 MB</translation>
    </message>
    <message numerus="yes">
        <source>… and %n more messages from this app dropped or refused</source>
        <translation>
            <numerusform>… und %n weitere Nachricht dieser App verworfen oder abgewiesen</numerusform>
            <numerusform>… und %n weitere Nachrichten dieser App verworfen oder abgewiesen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>… and %n more tool calls of this app refused</source>
        <translation>
            <numerusform>… und %n weiterer Werkzeugaufruf dieser App abgewiesen</numerusform>
            <numerusform>… und %n weitere Werkzeugaufrufe dieser App abgewiesen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>… and %n more refused links from this app</source>
        <translation>
            <numerusform>… und %n weiterer abgewiesener Link dieser App</numerusform>
            <numerusform>… und %n weitere abgewiesene Links dieser App</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>… and %n more resource reads of this app refused</source>
        <translation>
            <numerusform>… und %n weiterer Ressourcen-Lesevorgang dieser App abgewiesen</numerusform>
            <numerusform>… und %n weitere Ressourcen-Lesevorgänge dieser App abgewiesen</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Toolgate::AppCsp</name>
    <message>
        <source>No network access.</source>
        <translation>Kein Netzwerkzugriff.</translation>
    </message>
    <message>
        <source>May exchange data with: %1.</source>
        <translation>Darf Daten austauschen mit: %1.</translation>
    </message>
    <message>
        <source>Loads no images, scripts, styles or fonts from elsewhere.</source>
        <translation>Lädt keine Bilder, Skripte, Stile oder Schriften von anderswo.</translation>
    </message>
    <message>
        <source>May load images, scripts, styles and fonts from: %1.</source>
        <translation>Darf Bilder, Skripte, Stile und Schriften laden von: %1.</translation>
    </message>
    <message>
        <source>Embeds no other pages.</source>
        <translation>Bettet keine anderen Seiten ein.</translation>
    </message>
    <message>
        <source>May embed pages from: %1.</source>
        <translation>Darf Seiten einbetten von: %1.</translation>
    </message>
    <message>
        <source>May resolve its links against: %1.</source>
        <translation>Darf ihre Links relativ zu diesen Adressen auflösen: %1.</translation>
    </message>
    <message>
        <source>No camera, microphone, location, clipboard, pop-up windows or local files.</source>
        <translation>Keine Kamera, kein Mikrofon, kein Standort, keine Zwischenablage, keine Pop-up-Fenster und keine lokalen Dateien.</translation>
    </message>
</context>
<context>
    <name>Toolgate::AppPane</name>
    <message>
        <source>Close App</source>
        <translation>App schließen</translation>
    </message>
    <message>
        <source>Close the app view and free what it uses</source>
        <translation>Die App-Ansicht schließen und ihre Ressourcen freigeben</translation>
    </message>
    <message>
        <source>This build of Toolgate has no Qt WebEngine, so it cannot show app views. Install a build made with Qt WebEngine (on Debian, the qt6-webengine packages) to see them; the result below is what the tool returned.</source>
        <translation>Dieser Toolgate-Build enthält kein Qt WebEngine und kann daher keine App-Ansichten zeigen. Installieren Sie einen mit Qt WebEngine erstellten Build (unter Debian die Pakete qt6-webengine), um sie zu sehen; unten steht, was das Werkzeug zurückgegeben hat.</translation>
    </message>
    <message>
        <source>App views cannot run while Toolgate runs as root: the web engine&apos;s sandbox refuses to work for root, and Toolgate does not run apps without it. Run Toolgate as a normal user to see this app.</source>
        <translation>App-Ansichten können nicht laufen, solange Toolgate als root läuft: Die Sandbox der Web-Engine verweigert den Dienst für root, und ohne sie führt Toolgate keine Apps aus. Starten Sie Toolgate als normaler Benutzer, um diese App zu sehen.</translation>
    </message>
    <message>
        <source>App: %1 (from %2)</source>
        <translation>App: %1 (von %2)</translation>
    </message>
    <message>
        <source>Reading the app from %1…</source>
        <translation>App wird von %1 gelesen…</translation>
    </message>
    <message>
        <source>The app could not be read from %1: %2</source>
        <translation>Die App konnte nicht von %1 gelesen werden: %2</translation>
    </message>
    <message>
        <source>The app cannot be shown: %1</source>
        <translation>Die App kann nicht angezeigt werden: %1</translation>
    </message>
    <message>
        <source>%1 offers an app to show this result: %2 (%3 KB).</source>
        <translation>%1 bietet eine App an, um dieses Ergebnis zu zeigen: %2 (%3 KB).</translation>
    </message>
    <message>
        <source>An app is a web page from the server. Toolgate runs it in a sandbox, and every tool call it makes still asks you first. Its content policy:</source>
        <translation>Eine App ist eine Webseite des Servers. Toolgate führt sie in einer Sandbox aus, und jeder Werkzeugaufruf der App fragt Sie trotzdem vorher. Ihre Inhaltsrichtlinie:</translation>
    </message>
    <message>
        <source>It may ask to %1. Toolgate asks you before it gets any of these.</source>
        <translation>Sie darf um Folgendes bitten: %1. Toolgate fragt Sie, bevor sie etwas davon erhält.</translation>
    </message>
    <message>
        <source>Ignored: %1</source>
        <translation>Ignoriert: %1</translation>
    </message>
    <message>
        <source>Allow apps from %1? Toolgate remembers this for the server; you can take it back on the server&apos;s page.</source>
        <translation>Apps von %1 zulassen? Toolgate merkt sich das für den Server; Sie können es auf der Seite des Servers zurücknehmen.</translation>
    </message>
    <message>
        <source>Allow Apps from %1</source>
        <translation>Apps von %1 zulassen</translation>
    </message>
    <message>
        <source>The app says (as %1): %2</source>
        <translation>Die App sagt (als %1): %2</translation>
    </message>
    <message>
        <source>The app updated what it would tell a model (there is none here): %1</source>
        <translation>Die App hat aktualisiert, was sie einem Modell mitteilen würde (hier gibt es keines): %1</translation>
    </message>
    <message>
        <source>Refused: %1</source>
        <translation>Abgelehnt: %1</translation>
    </message>
    <message>
        <source>Open Link?</source>
        <translation>Link öffnen?</translation>
    </message>
    <message>
        <source>The app from %1 wants to open this link in your browser:</source>
        <translation>Die App von %1 möchte diesen Link in Ihrem Browser öffnen:</translation>
    </message>
    <message>
        <source>Open Link</source>
        <translation>Link öffnen</translation>
    </message>
    <message>
        <source> and </source>
        <translation> und </translation>
    </message>
    <message>
        <source>the app asked to %1, which its resource does not declare</source>
        <translation>die App wollte %1, was ihre Ressource nicht angibt</translation>
    </message>
    <message>
        <source>Allow the App?</source>
        <translation>App zulassen?</translation>
    </message>
    <message>
        <source>The app from %1 wants to %2.</source>
        <translation>Die App von %1 möchte %2.</translation>
    </message>
    <message>
        <source>If you allow it, Toolgate remembers this for the apps of %1; you can take it back on the server&apos;s page. If you deny it, the app is told no.</source>
        <translation>Wenn Sie es zulassen, merkt sich Toolgate das für die Apps von %1; Sie können es auf der Seite des Servers zurücknehmen. Wenn Sie ablehnen, erfährt die App, dass es nicht erlaubt ist.</translation>
    </message>
    <message>
        <source>Allow</source>
        <translation>Zulassen</translation>
    </message>
    <message>
        <source>Deny</source>
        <translation>Ablehnen</translation>
    </message>
    <message>
        <source>[app] refused: </source>
        <translation>[App] abgelehnt: </translation>
    </message>
    <message>
        <source>[app] %1 to %2</source>
        <translation>[App] %1: %2</translation>
    </message>
    <message>
        <source>allowed</source>
        <translation>zugelassen</translation>
    </message>
    <message>
        <source>refused</source>
        <translation>abgelehnt</translation>
    </message>
    <message>
        <source>This installation of Toolgate lacks its web engine plugin (%1), so it cannot show app views. Reinstall Toolgate to see them; the result below is what the tool returned.</source>
        <translation>Dieser Toolgate-Installation fehlt ihr Web-Engine-Plugin (%1), daher kann sie keine App-Ansichten zeigen. Installieren Sie Toolgate neu, um sie zu sehen; unten steht, was das Werkzeug zurückgegeben hat.</translation>
    </message>
    <message>
        <source>The app cannot be shown: Toolgate&apos;s web engine could not be loaded (%1).</source>
        <translation>Die App kann nicht angezeigt werden: Die Web-Engine von Toolgate konnte nicht geladen werden (%1).</translation>
    </message>
    <message>
        <source>The app reported an error — see Console</source>
        <translation>Die App hat einen Fehler gemeldet – siehe Konsole</translation>
    </message>
</context>
<context>
    <name>Toolgate::AppView</name>
    <message>
        <source>refused a permission apps never get (%1)</source>
        <translation>eine Berechtigung abgelehnt, die Apps nie erhalten (%1)</translation>
    </message>
    <message>
        <source>refused the app access to local files</source>
        <translation>der App den Zugriff auf lokale Dateien verweigert</translation>
    </message>
    <message>
        <source>blocked a new window for %1</source>
        <translation>ein neues Fenster für %1 blockiert</translation>
    </message>
    <message>
        <source>blocked navigation to %1 (%2)</source>
        <translation>die Navigation zu %1 blockiert (%2)</translation>
    </message>
    <message>
        <source>blocked a request the app&apos;s content security policy does not allow: %1</source>
        <translation>eine Anfrage blockiert, die die Inhaltsrichtlinie der App nicht erlaubt: %1</translation>
    </message>
    <message>
        <source>the app&apos;s renderer stopped (status %1, code %2)</source>
        <translation>der Renderer der App wurde beendet (Status %1, Code %2)</translation>
    </message>
    <message numerus="yes">
        <source>refused %n messages of the app (the last: %1)</source>
        <translation>
            <numerusform>%n Nachricht der App abgewiesen (zuletzt: %1)</numerusform>
            <numerusform>%n Nachrichten der App abgewiesen (zuletzt: %1)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Toolgate::ApprovalGate</name>
    <message>
        <source>this window cannot approve a whole run at once</source>
        <translation>dieses Fenster kann keinen ganzen Lauf auf einmal erlauben</translation>
    </message>
</context>
<context>
    <name>Toolgate::ApprovalPolicy</name>
    <message>
        <source>cannot read %1: %2</source>
        <translation>%1 kann nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>the remembered approvals in %1 are unreadable (%2); every tool will be asked about again</source>
        <translation>die gespeicherten Freigaben in %1 sind unlesbar (%2); bei jedem Werkzeug wird wieder nachgefragt</translation>
    </message>
    <message>
        <source>always allowed earlier</source>
        <translation>früher immer erlaubt</translation>
    </message>
    <message>
        <source>allowed for this session earlier</source>
        <translation>früher für diese Sitzung erlaubt</translation>
    </message>
    <message>
        <source>allowed for this conversation earlier</source>
        <translation>früher für diese Unterhaltung erlaubt</translation>
    </message>
</context>
<context>
    <name>Toolgate::ApprovalRulesDialog</name>
    <message>
        <source>Remembered Decisions</source>
        <translation>Gespeicherte Entscheidungen</translation>
    </message>
    <message>
        <source>These tools run without asking first. Revoke a rule to be asked again next time.</source>
        <translation>Diese Werkzeuge laufen ohne vorherige Nachfrage. Widerrufen Sie eine Regel, um beim nächsten Mal wieder gefragt zu werden.</translation>
    </message>
    <message>
        <source>Server</source>
        <translation>Server</translation>
    </message>
    <message>
        <source>Command or URL</source>
        <translation>Befehl oder URL</translation>
    </message>
    <message>
        <source>Tool</source>
        <translation>Werkzeug</translation>
    </message>
    <message>
        <source>Applies</source>
        <translation>Gilt</translation>
    </message>
    <message>
        <source>No remembered approvals: every tool call is asked about.</source>
        <translation>Keine gespeicherten Freigaben: Bei jedem Werkzeugaufruf wird nachgefragt.</translation>
    </message>
    <message>
        <source>Revoke</source>
        <translation>Widerrufen</translation>
    </message>
    <message>
        <source>Revoke all</source>
        <translation>Alle widerrufen</translation>
    </message>
    <message>
        <source>Always</source>
        <translation>Immer</translation>
    </message>
    <message>
        <source>This session</source>
        <translation>Diese Sitzung</translation>
    </message>
    <message>
        <source>One conversation (this session)</source>
        <translation>Eine Unterhaltung (diese Sitzung)</translation>
    </message>
</context>
<context>
    <name>Toolgate::ApprovalWarning</name>
    <message>
        <source>What the server says it is</source>
        <translation>Was der Server über sich sagt</translation>
    </message>
    <message>
        <source>Command or URL</source>
        <translation>Befehl oder URL</translation>
    </message>
    <message>
        <source>Tool name</source>
        <translation>Toolname</translation>
    </message>
    <message>
        <source>Title</source>
        <translation>Titel</translation>
    </message>
    <message>
        <source>Description</source>
        <translation>Beschreibung</translation>
    </message>
    <message>
        <source>Name of argument “%1”</source>
        <translation>Name des Arguments „%1“</translation>
    </message>
    <message>
        <source>Argument “%1”</source>
        <translation>Argument „%1“</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
</context>
<context>
    <name>Toolgate::ArgumentCoercion</name>
    <message>
        <source>true or false (yes/no and 1/0 work too)</source>
        <translation>true oder false (yes/no und 1/0 gehen auch)</translation>
    </message>
    <message>
        <source>a list written as JSON, such as [&quot;a&quot;, &quot;b&quot;]</source>
        <translation>eine als JSON geschriebene Liste, etwa [&quot;a&quot;, &quot;b&quot;]</translation>
    </message>
    <message>
        <source>an object written as JSON, such as {&quot;key&quot;: &quot;value&quot;}</source>
        <translation>ein als JSON geschriebenes Objekt, etwa {&quot;key&quot;: &quot;value&quot;}</translation>
    </message>
    <message>
        <source>a value</source>
        <translation>ein Wert</translation>
    </message>
    <message>
        <source>Argument &apos;%1&apos; has no fields: it must be %2, not an object.</source>
        <translation>Das Argument &apos;%1&apos; hat keine Felder: Es muss %2 sein, kein Objekt.</translation>
    </message>
    <message>
        <source>Unknown argument &apos;%1&apos;: this tool takes no arguments.</source>
        <translation>Unbekanntes Argument &apos;%1&apos;: Dieses Werkzeug nimmt keine Argumente.</translation>
    </message>
    <message>
        <source>Unknown argument &apos;%1&apos;. Allowed: %2.</source>
        <translation>Unbekanntes Argument &apos;%1&apos;. Erlaubt: %2.</translation>
    </message>
    <message>
        <source>Unknown argument &apos;%1&apos;: &apos;%2&apos; takes no fields.</source>
        <translation>Unbekanntes Argument &apos;%1&apos;: &apos;%2&apos; hat keine Felder.</translation>
    </message>
    <message>
        <source>Unknown argument &apos;%1&apos;. Allowed in &apos;%2&apos;: %3.</source>
        <translation>Unbekanntes Argument &apos;%1&apos;. Erlaubt in &apos;%2&apos;: %3.</translation>
    </message>
    <message>
        <source>Argument &apos;%1&apos; must be %2, got &apos;%3&apos;.</source>
        <translation>Das Argument &apos;%1&apos; muss %2 sein, erhalten: &apos;%3&apos;.</translation>
    </message>
    <message>
        <source>Argument &apos;%1&apos; must look like key=value.</source>
        <translation>Das Argument &apos;%1&apos; muss die Form key=value haben.</translation>
    </message>
    <message>
        <source>Argument &apos;%1&apos; has no name before &apos;=&apos;.</source>
        <translation>Das Argument &apos;%1&apos; hat keinen Namen vor &apos;=&apos;.</translation>
    </message>
    <message>
        <source>Argument &apos;%1&apos; has an empty name part.</source>
        <translation>Das Argument &apos;%1&apos; hat einen leeren Namensteil.</translation>
    </message>
    <message>
        <source>Argument &apos;%1&apos; is given more than once.</source>
        <translation>Das Argument &apos;%1&apos; ist mehr als einmal angegeben.</translation>
    </message>
    <message>
        <source>Argument &apos;%1&apos; conflicts with &apos;%2&apos;.</source>
        <translation>Das Argument &apos;%1&apos; widerspricht &apos;%2&apos;.</translation>
    </message>
    <message>
        <source>Argument &apos;%1&apos; is not valid JSON after &apos;:=&apos; (%2).</source>
        <translation>Das Argument &apos;%1&apos; ist nach &apos;:=&apos; kein gültiges JSON (%2).</translation>
    </message>
</context>
<context>
    <name>Toolgate::ArgumentCompleter</name>
    <message>
        <source>The server suggests values as you type.</source>
        <translation>Der Server schlägt beim Tippen Werte vor.</translation>
    </message>
</context>
<context>
    <name>Toolgate::ArgumentForm</name>
    <message>
        <source>Arguments form</source>
        <translation>Argumentformular</translation>
    </message>
    <message>
        <source>Checking the schema…</source>
        <translation>Das Schema wird geprüft…</translation>
    </message>
    <message>
        <source>Form</source>
        <translation>Formular</translation>
    </message>
    <message>
        <source>The exact JSON object sent as the arguments. The form follows as soon as the text is a valid object.</source>
        <translation>Genau das JSON-Objekt, das als Argumente gesendet wird. Das Formular folgt, sobald der Text ein gültiges Objekt ist.</translation>
    </message>
    <message>
        <source>Arguments as JSON</source>
        <translation>Argumente als JSON</translation>
    </message>
    <message>
        <source>JSON</source>
        <translation>JSON</translation>
    </message>
    <message>
        <source>Reset</source>
        <translation>Zurücksetzen</translation>
    </message>
    <message>
        <source>Start over from the tool&apos;s default arguments</source>
        <translation>Mit den Standardargumenten des Werkzeugs neu beginnen</translation>
    </message>
    <message>
        <source>Toolgate cannot check these arguments: the tool&apos;s schema is unusable (%1).</source>
        <translation>Toolgate kann diese Argumente nicht prüfen: Das Schema des Werkzeugs ist unbrauchbar (%1).</translation>
    </message>
    <message>
        <source>JSON text: %1</source>
        <translation>JSON-Text: %1</translation>
    </message>
    <message>
        <source>* required</source>
        <translation>* erforderlich</translation>
    </message>
    <message>
        <source>This tool takes no arguments.</source>
        <translation>Dieses Werkzeug hat keine Argumente.</translation>
    </message>
    <message>
        <source>The tool describes no arguments. Any can be given on the JSON tab.</source>
        <translation>Das Werkzeug beschreibt keine Argumente. Beliebige können im Reiter JSON angegeben werden.</translation>
    </message>
    <message>
        <source>These arguments do not match what the tool expects</source>
        <translation>Diese Argumente passen nicht zu dem, was das Werkzeug erwartet</translation>
    </message>
    <message>
        <source>The JSON text is not valid; the form shows the last valid arguments</source>
        <translation>Der JSON-Text ist ungültig; das Formular zeigt die letzten gültigen Argumente</translation>
    </message>
    <message>
        <source>The arguments %1</source>
        <translation>Die Argumente: %1</translation>
    </message>
</context>
<context>
    <name>Toolgate::ArgumentRules</name>
    <message>
        <source>no argument is named</source>
        <translation>kein Argument ist genannt</translation>
    </message>
    <message>
        <source>no folder is given</source>
        <translation>kein Ordner ist angegeben</translation>
    </message>
    <message>
        <source>the folder &quot;%1&quot; is not an absolute path</source>
        <translation>der Ordner &quot;%1&quot; ist kein absoluter Pfad</translation>
    </message>
    <message>
        <source>no host is listed</source>
        <translation>kein Host ist aufgeführt</translation>
    </message>
    <message>
        <source>the pattern &quot;%1&quot; is not valid: %2</source>
        <translation>das Muster &quot;%1&quot; ist ungültig: %2</translation>
    </message>
    <message>
        <source>neither a minimum nor a maximum is given</source>
        <translation>weder ein Minimum noch ein Maximum ist angegeben</translation>
    </message>
    <message>
        <source>the minimum is larger than the maximum</source>
        <translation>das Minimum ist größer als das Maximum</translation>
    </message>
    <message>
        <source>Path argument %1 must be inside folder %2</source>
        <translation>Pfad-Argument %1 muss im Ordner %2 liegen</translation>
    </message>
    <message>
        <source>URL argument %1 must have a host in %2</source>
        <translation>URL-Argument %1 muss einen Host aus %2 haben</translation>
    </message>
    <message>
        <source>Argument %1 must match the pattern %2</source>
        <translation>Argument %1 muss zum Muster %2 passen</translation>
    </message>
    <message>
        <source>Number argument %1 must be between %2 and %3</source>
        <translation>Zahl-Argument %1 muss zwischen %2 und %3 liegen</translation>
    </message>
    <message>
        <source>Number argument %1 must be at least %2</source>
        <translation>Zahl-Argument %1 muss mindestens %2 sein</translation>
    </message>
    <message>
        <source>Number argument %1 must be at most %2</source>
        <translation>Zahl-Argument %1 darf höchstens %2 sein</translation>
    </message>
    <message>
        <source>the rule has no name</source>
        <translation>die Regel hat keinen Namen</translation>
    </message>
    <message>
        <source>the rule names no server</source>
        <translation>die Regel nennt keinen Server</translation>
    </message>
    <message>
        <source>allow</source>
        <translation>erlauben</translation>
    </message>
    <message>
        <source>ask</source>
        <translation>nachfragen</translation>
    </message>
    <message>
        <source>deny</source>
        <translation>ablehnen</translation>
    </message>
    <message>
        <source>a rule without a name</source>
        <translation>eine Regel ohne Namen</translation>
    </message>
    <message>
        <source>the rule &quot;%1&quot;</source>
        <translation>die Regel &quot;%1&quot;</translation>
    </message>
    <message>
        <source>%1 has no action (allow, ask or deny)</source>
        <translation>%1 hat keine Aktion (allow, ask oder deny)</translation>
    </message>
    <message>
        <source>%1: &quot;otherwise&quot; must be allow, ask or deny</source>
        <translation>%1: &quot;otherwise&quot; muss allow, ask oder deny sein</translation>
    </message>
    <message>
        <source>%1 has a condition of an unknown kind (pathInside, urlHost, matches or numberWithin)</source>
        <translation>%1 hat eine Bedingung unbekannter Art (pathInside, urlHost, matches oder numberWithin)</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>rule &quot;%1&quot;: %2</source>
        <translation>Regel &quot;%1&quot;: %2</translation>
    </message>
    <message>
        <source>rule &quot;%1&quot;: %2 (%3)</source>
        <translation>Regel &quot;%1&quot;: %2 (%3)</translation>
    </message>
    <message>
        <source>shadow %1, not applied</source>
        <translation>Schatten-%1, nicht angewandt</translation>
    </message>
    <message>
        <source>cannot read the argument rules in %1: %2</source>
        <translation>die Argumentregeln in %1 können nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>the argument rules in %1 are not used: %2</source>
        <translation>die Argumentregeln in %1 werden nicht verwendet: %2</translation>
    </message>
    <message>
        <source>it is not valid JSON (%1 at character %2)</source>
        <translation>sie sind kein gültiges JSON (%1 bei Zeichen %2)</translation>
    </message>
    <message>
        <source>it must be an object with a list &quot;rules&quot;</source>
        <translation>sie müssen ein Objekt mit einer Liste &quot;rules&quot; sein</translation>
    </message>
    <message>
        <source>each rule must be an object</source>
        <translation>jede Regel muss ein Objekt sein</translation>
    </message>
    <message>
        <source>the value is not a text, so no path</source>
        <translation>der Wert ist kein Text, also kein Pfad</translation>
    </message>
    <message>
        <source>the file URL cannot be read</source>
        <translation>die Datei-URL lässt sich nicht lesen</translation>
    </message>
    <message>
        <source>the file URL names another computer (%1)</source>
        <translation>die Datei-URL nennt einen anderen Rechner (%1)</translation>
    </message>
    <message>
        <source>the path contains a null character</source>
        <translation>der Pfad enthält ein Nullzeichen</translation>
    </message>
    <message>
        <source>the path is relative (where it leads depends on the server&apos;s working folder) or cannot be resolved</source>
        <translation>der Pfad ist relativ (wohin er führt, hängt vom Arbeitsordner des Servers ab) oder lässt sich nicht auflösen</translation>
    </message>
    <message>
        <source>the value is not a text, so no URL</source>
        <translation>der Wert ist kein Text, also keine URL</translation>
    </message>
    <message>
        <source>no host can be read from the URL</source>
        <translation>aus der URL lässt sich kein Host lesen</translation>
    </message>
    <message>
        <source>the value is not a text</source>
        <translation>der Wert ist kein Text</translation>
    </message>
    <message>
        <source>the value has %1 characters, more than the %2 a pattern is checked on</source>
        <translation>der Wert hat %1 Zeichen, mehr als die %2, auf die ein Muster geprüft wird</translation>
    </message>
    <message>
        <source>the pattern gave up on the value (the matching engine&apos;s limit)</source>
        <translation>das Muster hat beim Wert aufgegeben (Grenze der Suchmaschine für reguläre Ausdrücke)</translation>
    </message>
    <message>
        <source>the value is not a number</source>
        <translation>der Wert ist keine Zahl</translation>
    </message>
    <message>
        <source>argument %1 cannot be checked: %2</source>
        <translation>Argument %1 lässt sich nicht prüfen: %2</translation>
    </message>
    <message>
        <source>the path leads elsewhere once its percent-escapes are decoded (%1)</source>
        <translation>der Pfad führt woandershin, sobald seine Prozent-Escapes dekodiert sind (%1)</translation>
    </message>
    <message>
        <source>the path leads elsewhere once its Unicode characters are normalised (%1)</source>
        <translation>der Pfad führt woanders hin, sobald seine Unicode-Zeichen normalisiert sind (%1)</translation>
    </message>
    <message>
        <source>the URL names another host once its Unicode characters are normalised (%1)</source>
        <translation>die URL nennt einen anderen Host, sobald ihre Unicode-Zeichen normalisiert sind (%1)</translation>
    </message>
    <message>
        <source>the value matches differently once its Unicode characters are normalised (%1)</source>
        <translation>der Wert passt anders, sobald seine Unicode-Zeichen normalisiert sind (%1)</translation>
    </message>
</context>
<context>
    <name>Toolgate::ArgumentRulesDialog</name>
    <message>
        <source>every tool of %1</source>
        <translation>jedes Werkzeug von %1</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 von %2</translation>
    </message>
    <message>
        <source>%1 — %2: %3</source>
        <translation>%1 — %2: %3</translation>
    </message>
    <message>
        <source> (shadow: only recorded)</source>
        <translation> (Schatten: nur protokolliert)</translation>
    </message>
    <message>
        <source>Argument Rules</source>
        <translation>Argumentregeln</translation>
    </message>
    <message>
        <source>Rules decide on calls by their argument values before anyone is asked. The first rule that applies decides; a rule in shadow mode only records what it would have done.</source>
        <translation>Regeln entscheiden über Aufrufe anhand ihrer Argumentwerte, bevor jemand gefragt wird. Die erste zutreffende Regel entscheidet; eine Regel im Schattenmodus protokolliert nur, was sie getan hätte.</translation>
    </message>
    <message>
        <source>&amp;Add</source>
        <translation>&amp;Hinzufügen</translation>
    </message>
    <message>
        <source>&amp;Remove</source>
        <translation>&amp;Entfernen</translation>
    </message>
    <message>
        <source>Move &amp;Up</source>
        <translation>Nach &amp;oben</translation>
    </message>
    <message>
        <source>Move &amp;Down</source>
        <translation>Nach &amp;unten</translation>
    </message>
    <message>
        <source>every tool of the server</source>
        <translation>jedes Werkzeug des Servers</translation>
    </message>
    <message>
        <source>Switched on</source>
        <translation>Eingeschaltet</translation>
    </message>
    <message>
        <source>Shadow mode: record what it would do, let the person decide</source>
        <translation>Schattenmodus: protokollieren, was sie täte, und den Menschen entscheiden lassen</translation>
    </message>
    <message>
        <source>Name:</source>
        <translation>Name:</translation>
    </message>
    <message>
        <source>Server:</source>
        <translation>Server:</translation>
    </message>
    <message>
        <source>Tool:</source>
        <translation>Werkzeug:</translation>
    </message>
    <message>
        <source>All of these:</source>
        <translation>Alle diese:</translation>
    </message>
    <message>
        <source>Path inside folder</source>
        <translation>Pfad im Ordner</translation>
    </message>
    <message>
        <source>URL host in list</source>
        <translation>URL-Host in Liste</translation>
    </message>
    <message>
        <source>Matches pattern</source>
        <translation>Passt zum Muster</translation>
    </message>
    <message>
        <source>Number within</source>
        <translation>Zahl im Bereich</translation>
    </message>
    <message>
        <source>argument or /json/pointer</source>
        <translation>Argument oder /json/zeiger</translation>
    </message>
    <message>
        <source>Add Condition</source>
        <translation>Bedingung hinzufügen</translation>
    </message>
    <message>
        <source>Remove Condition</source>
        <translation>Bedingung entfernen</translation>
    </message>
    <message>
        <source>allow without asking</source>
        <translation>ohne Nachfrage erlauben</translation>
    </message>
    <message>
        <source>ask the person</source>
        <translation>den Menschen fragen</translation>
    </message>
    <message>
        <source>deny</source>
        <translation>ablehnen</translation>
    </message>
    <message>
        <source>reason (told to the caller on a denial)</source>
        <translation>Grund (wird dem Aufrufer bei Ablehnung mitgeteilt)</translation>
    </message>
    <message>
        <source>let the next rule decide</source>
        <translation>die nächste Regel entscheiden lassen</translation>
    </message>
    <message>
        <source>reason</source>
        <translation>Grund</translation>
    </message>
    <message>
        <source>Then:</source>
        <translation>Dann:</translation>
    </message>
    <message>
        <source>Otherwise:</source>
        <translation>Sonst:</translation>
    </message>
    <message>
        <source>&amp;Test Against the Audit Log</source>
        <translation>Am Audit-Protokoll &amp;testen</translation>
    </message>
    <message>
        <source>Switched on when checked</source>
        <translation>Eingeschaltet, wenn angehakt</translation>
    </message>
    <message>
        <source>New rule</source>
        <translation>Neue Regel</translation>
    </message>
    <message>
        <source>folder, e.g. ~/projects</source>
        <translation>Ordner, z. B. ~/projects</translation>
    </message>
    <message>
        <source>hosts, e.g. example.com, *.example.org</source>
        <translation>Hosts, z. B. example.com, *.example.org</translation>
    </message>
    <message>
        <source>regular expression for the whole value</source>
        <translation>regulärer Ausdruck für den ganzen Wert</translation>
    </message>
    <message>
        <source>min..max, e.g. 1..100 or ..50</source>
        <translation>min..max, z. B. 1..100 oder ..50</translation>
    </message>
    <message>
        <source>This condition cannot be used: %1</source>
        <translation>Diese Bedingung ist nicht verwendbar: %1</translation>
    </message>
    <message>
        <source>Fix the rule first: %1</source>
        <translation>Bitte zuerst die Regel korrigieren: %1</translation>
    </message>
    <message>
        <source>Replaying the recorded calls…</source>
        <translation>Die protokollierten Aufrufe werden nachgespielt…</translation>
    </message>
    <message>
        <source>The audit log cannot be read: %1</source>
        <translation>Das Audit-Protokoll kann nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>The audit log holds no calls of this rule&apos;s server and tool.</source>
        <translation>Das Audit-Protokoll enthält keine Aufrufe von Server und Werkzeug dieser Regel.</translation>
    </message>
    <message>
        <source>Of %1 recorded calls, this rule would have allowed %2, denied %3, asked %4; not applied to %5.</source>
        <translation>Von %1 protokollierten Aufrufen hätte diese Regel %2 erlaubt, %3 abgelehnt, bei %4 nachgefragt; auf %5 nicht angewandt.</translation>
    </message>
    <message>
        <source> (only the oldest %1 were replayed)</source>
        <translation> (nur die ältesten %1 wurden nachgespielt)</translation>
    </message>
    <message>
        <source>The rule &quot;%1&quot; cannot be saved: %2</source>
        <translation>Die Regel &quot;%1&quot; kann nicht gespeichert werden: %2</translation>
    </message>
    <message>
        <source>The rules could not be saved: %1</source>
        <translation>Die Regeln konnten nicht gespeichert werden: %1</translation>
    </message>
    <message>
        <source>the server&apos;s name, as in the server list</source>
        <translation>der Name des Servers, wie in der Serverliste</translation>
    </message>
</context>
<context>
    <name>Toolgate::ArrayFieldEditor</name>
    <message>
        <source>No items.</source>
        <translation>Keine Einträge.</translation>
    </message>
    <message>
        <source>No items; the list is left out.</source>
        <translation>Keine Einträge; die Liste wird weggelassen.</translation>
    </message>
    <message>
        <source>+ Add item</source>
        <translation>+ Eintrag hinzufügen</translation>
    </message>
    <message>
        <source>%1 items: too many to show here. Edit them on the JSON tab.</source>
        <translation>%1 Einträge: zu viele, um sie hier zu zeigen. Bearbeiten Sie sie im Reiter JSON.</translation>
    </message>
    <message>
        <source>Item %1</source>
        <translation>Eintrag %1</translation>
    </message>
    <message>
        <source>Remove this item</source>
        <translation>Diesen Eintrag entfernen</translation>
    </message>
    <message>
        <source>Remove item %1</source>
        <translation>Eintrag %1 entfernen</translation>
    </message>
    <message numerus="yes">
        <source>This list takes at most %n item(s).</source>
        <translation>
            <numerusform>Diese Liste fasst höchstens %n Eintrag.</numerusform>
            <numerusform>Diese Liste fasst höchstens %n Einträge.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>This list needs at least %n item(s).</source>
        <translation>
            <numerusform>Diese Liste braucht mindestens %n Eintrag.</numerusform>
            <numerusform>Diese Liste braucht mindestens %n Einträge.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Toolgate::AssertionSource</name>
    <message>
        <source>%1 gave no token</source>
        <translation>%1 lieferte kein Token</translation>
    </message>
    <message>
        <source>it does not exist</source>
        <translation>es gibt sie nicht</translation>
    </message>
    <message>
        <source>%1 could not be read: %2</source>
        <translation>%1 konnte nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>%1 is too large to be a token</source>
        <translation>%1 ist zu groß für ein Token</translation>
    </message>
    <message>
        <source>the command for the workload token is empty</source>
        <translation>der Befehl für das Workload-Token ist leer</translation>
    </message>
    <message>
        <source>%1 printed too much to be a token</source>
        <translation>%1 gab zu viel für ein Token aus</translation>
    </message>
    <message>
        <source>%1 could not be started: %2</source>
        <translation>%1 konnte nicht gestartet werden: %2</translation>
    </message>
    <message>
        <source>%1 crashed</source>
        <translation>%1 ist abgestürzt</translation>
    </message>
    <message>
        <source>%1 failed with exit code %2</source>
        <translation>%1 schlug mit Exit-Code %2 fehl</translation>
    </message>
    <message>
        <source>%1 did not print a token within %2 seconds</source>
        <translation>%1 gab binnen %2 Sekunden kein Token aus</translation>
    </message>
    <message>
        <source>the token file %1</source>
        <translation>die Token-Datei %1</translation>
    </message>
    <message>
        <source>the token command %1</source>
        <translation>der Token-Befehl %1</translation>
    </message>
    <message>
        <source>the keychain entry %1</source>
        <translation>der Schlüsselbund-Eintrag %1</translation>
    </message>
    <message>
        <source>no token source</source>
        <translation>keine Token-Quelle</translation>
    </message>
    <message>
        <source>there is no keychain to read the workload token from</source>
        <translation>es gibt keinen Schlüsselbund, aus dem das Workload-Token gelesen werden könnte</translation>
    </message>
    <message>
        <source>%1 holds nothing; store the workload token there first</source>
        <translation>%1 enthält nichts; legen Sie das Workload-Token zuerst dort ab</translation>
    </message>
    <message>
        <source>the JWT-bearer grant needs a source for its token: a file, a command or a keychain entry (&quot;assertion&quot; in the server&apos;s &quot;oauth&quot; settings)</source>
        <translation>die JWT-Bearer-Anmeldung braucht eine Quelle für ihr Token: eine Datei, einen Befehl oder einen Schlüsselbund-Eintrag (&quot;assertion&quot; in den &quot;oauth&quot;-Einstellungen des Servers)</translation>
    </message>
</context>
<context>
    <name>Toolgate::AtomicFile</name>
    <message>
        <source>cannot write %1: the folder %2 cannot be created</source>
        <translation>%1 kann nicht geschrieben werden: Der Ordner %2 kann nicht angelegt werden</translation>
    </message>
    <message>
        <source>cannot write %1: %2</source>
        <translation>%1 kann nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>%1 is being written by another Toolgate</source>
        <translation>%1 wird gerade von einem anderen Toolgate geschrieben</translation>
    </message>
    <message>
        <source>cannot write %1: no permission to create %2 in %3</source>
        <translation>%1 kann nicht geschrieben werden: keine Berechtigung, %2 in %3 anzulegen</translation>
    </message>
    <message>
        <source>cannot write %1: its lock file %2 cannot be created</source>
        <translation>%1 kann nicht geschrieben werden: seine Sperrdatei %2 kann nicht angelegt werden</translation>
    </message>
</context>
<context>
    <name>Toolgate::AudioPane</name>
    <message>
        <source>Play</source>
        <translation>Abspielen</translation>
    </message>
    <message>
        <source>Open in Player</source>
        <translation>Im Player öffnen</translation>
    </message>
    <message>
        <source>Save as…</source>
        <translation>Speichern unter…</translation>
    </message>
    <message>
        <source>Open a copy in the system&apos;s audio player</source>
        <translation>Eine Kopie im Audioplayer des Systems öffnen</translation>
    </message>
    <message>
        <source>Save the audio to a file</source>
        <translation>Das Audio in einer Datei speichern</translation>
    </message>
    <message>
        <source>Play here in Toolgate</source>
        <translation>Hier in Toolgate abspielen</translation>
    </message>
    <message>
        <source>Playback position</source>
        <translation>Wiedergabeposition</translation>
    </message>
    <message>
        <source>Open in the system&apos;s audio player (this Toolgate was built without Qt Multimedia)</source>
        <translation>Im Audioplayer des Systems öffnen (dieses Toolgate wurde ohne Qt Multimedia erstellt)</translation>
    </message>
    <message>
        <source>Reading audio…</source>
        <translation>Audio wird gelesen…</translation>
    </message>
    <message>
        <source>The audio data is not valid base64.</source>
        <translation>Die Audiodaten sind kein gültiges Base64.</translation>
    </message>
    <message>
        <source>Duration %1</source>
        <translation>Dauer %1</translation>
    </message>
    <message>
        <source>Duration unknown</source>
        <translation>Dauer unbekannt</translation>
    </message>
    <message>
        <source> · unreadable WAV header: %1</source>
        <translation> · unlesbarer WAV-Kopf: %1</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>Pause</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 von %2</translation>
    </message>
    <message>
        <source>Toolgate cannot play this audio (%1). Open in Player tries the system&apos;s player.</source>
        <translation>Toolgate kann dieses Audio nicht abspielen (%1). „Im Player öffnen“ versucht es mit dem Player des Systems.</translation>
    </message>
    <message>
        <source>Could not write a temporary copy: %1</source>
        <translation>Eine temporäre Kopie konnte nicht geschrieben werden: %1</translation>
    </message>
    <message>
        <source>Opened in the system&apos;s default player.</source>
        <translation>Im Standard-Player des Systems geöffnet.</translation>
    </message>
    <message>
        <source>No application is set up to play %1.</source>
        <translation>Keine Anwendung ist zum Abspielen von %1 eingerichtet.</translation>
    </message>
    <message>
        <source>Toolgate cannot play audio itself here (%1). Open in Player uses the system&apos;s player.</source>
        <translation>Toolgate kann hier selbst kein Audio abspielen (%1). „Im Player öffnen“ verwendet den Player des Systems.</translation>
    </message>
</context>
<context>
    <name>Toolgate::AuditDatabase</name>
    <message>
        <source>audit log: %1: %2</source>
        <translation>Audit-Protokoll: %1: %2</translation>
    </message>
    <message>
        <source>there is no audit log at %1 yet</source>
        <translation>unter %1 gibt es noch kein Audit-Protokoll</translation>
    </message>
    <message>
        <source>cannot create the folder %1</source>
        <translation>der Ordner %1 kann nicht angelegt werden</translation>
    </message>
    <message>
        <source>cannot open %1</source>
        <translation>%1 kann nicht geöffnet werden</translation>
    </message>
    <message>
        <source>the audit log at %1 has schema version %2; this version of Toolgate reads %3</source>
        <translation>das Audit-Protokoll unter %1 hat die Schemaversion %2; diese Version von Toolgate liest %3</translation>
    </message>
    <message>
        <source>cannot switch to WAL</source>
        <translation>Umschalten auf WAL nicht möglich</translation>
    </message>
    <message>
        <source>cannot read the schema version</source>
        <translation>die Schemaversion kann nicht gelesen werden</translation>
    </message>
    <message>
        <source>the audit log at %1 was written by a newer Toolgate (schema %2; this one knows up to %3)</source>
        <translation>das Audit-Protokoll unter %1 wurde von einem neueren Toolgate geschrieben (Schema %2; dieses kennt bis %3)</translation>
    </message>
    <message>
        <source>cannot record the migration</source>
        <translation>die Migration kann nicht vermerkt werden</translation>
    </message>
</context>
<context>
    <name>Toolgate::AuditDetailPane</name>
    <message>
        <source>Toolgate stopped before this call finished: it may or may not have run.</source>
        <translation>Toolgate wurde beendet, bevor dieser Aufruf fertig war: Er wurde möglicherweise ausgeführt, möglicherweise nicht.</translation>
    </message>
    <message>
        <source>Run Again…</source>
        <translation>Erneut ausführen…</translation>
    </message>
    <message>
        <source>Put this tool and these arguments into the main window&apos;s form. Nothing is sent until you run it and approve it.</source>
        <translation>Dieses Werkzeug und diese Argumente in das Formular des Hauptfensters übernehmen. Nichts wird gesendet, bevor Sie es ausführen und freigeben.</translation>
    </message>
    <message>
        <source>Show the call whose result showed the app that did this</source>
        <translation>Den Aufruf zeigen, in dessen Ergebnis die App erschien, die dies getan hat</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>Ergebnis</translation>
    </message>
    <message>
        <source>Arguments</source>
        <translation>Argumente</translation>
    </message>
    <message>
        <source>Record JSON</source>
        <translation>Eintrag als JSON</translation>
    </message>
    <message>
        <source>Select a record to see it in full.</source>
        <translation>Wählen Sie einen Eintrag, um ihn vollständig zu sehen.</translation>
    </message>
    <message>
        <source>%1 on %2</source>
        <translation>%1 auf %2</translation>
    </message>
    <message>
        <source>%1 from %2</source>
        <translation>%1 von %2</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>#%1 · %2</source>
        <translation>#%1 · %2</translation>
    </message>
    <message>
        <source> (as the server reports itself)</source>
        <translation> (wie der Server sich selbst nennt)</translation>
    </message>
    <message>
        <source>, arguments edited by the human</source>
        <translation>, Argumente vom Menschen bearbeitet</translation>
    </message>
    <message>
        <source>started %1</source>
        <translation>begonnen %1</translation>
    </message>
    <message>
        <source>, decided %1</source>
        <translation>, entschieden %1</translation>
    </message>
    <message>
        <source>, finished %1</source>
        <translation>, beendet %1</translation>
    </message>
    <message>
        <source>Server</source>
        <translation>Server</translation>
    </message>
    <message>
        <source>URL</source>
        <translation>URL</translation>
    </message>
    <message>
        <source>Command</source>
        <translation>Befehl</translation>
    </message>
    <message>
        <source>Server info</source>
        <translation>Server-Info</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Art</translation>
    </message>
    <message>
        <source> from the %1</source>
        <translation>, Quelle: %1</translation>
    </message>
    <message>
        <source>Made by</source>
        <translation>Ausgelöst von</translation>
    </message>
    <message>
        <source>Decision</source>
        <translation>Entscheidung</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>Grund</translation>
    </message>
    <message>
        <source>Outcome</source>
        <translation>Ergebnis</translation>
    </message>
    <message>
        <source>Timing</source>
        <translation>Zeitlicher Ablauf</translation>
    </message>
    <message>
        <source>Show Call #%1</source>
        <translation>Aufruf #%1 zeigen</translation>
    </message>
    <message>
        <source>// Sent (as edited by the human):
</source>
        <translation>// Gesendet (vom Menschen bearbeitet):
</translation>
    </message>
    <message>
        <source>
// Originally requested:
</source>
        <translation>
// Ursprünglich angefragt:
</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>Details</translation>
    </message>
    <message>
        <source>Parameters</source>
        <translation>Parameter</translation>
    </message>
    <message>
        <source>Task</source>
        <translation>Aufgabe</translation>
    </message>
    <message>
        <source>Id</source>
        <translation>ID</translation>
    </message>
    <message>
        <source>Life</source>
        <translation>Verlauf</translation>
    </message>
    <message>
        <source>Save to Collection…</source>
        <translation>In Sammlung speichern…</translation>
    </message>
    <message>
        <source>Save this tool call with its arguments to a collection, to run it again later with expectations</source>
        <translation>Diesen Werkzeugaufruf mit seinen Argumenten in einer Sammlung speichern, um ihn später mit Erwartungen erneut auszuführen</translation>
    </message>
    <message>
        <source>%1 (“%2”): from %3 on server «%4», call #%5</source>
        <translation>%1 („%2“): aus %3 auf dem Server «%4», Aufruf #%5</translation>
    </message>
    <message>
        <source>%1 (“%2”): from %3 on server «%4»</source>
        <translation>%1 („%2“): aus %3 auf dem Server «%4»</translation>
    </message>
    <message>
        <source>Arguments from other servers</source>
        <translation>Argumente von anderen Servern</translation>
    </message>
    <message>
        <source>Conversation</source>
        <translation>Unterhaltung</translation>
    </message>
    <message>
        <source>«%1» (id %2)</source>
        <translation>«%1» (ID %2)</translation>
    </message>
    <message>
        <source> — %1 in all, of which the server took %2 (the Duration), from the call being sent to its answer</source>
        <translation> — %1 insgesamt, davon brauchte der Server %2 (die Dauer), vom Senden des Aufrufs bis zu seiner Antwort</translation>
    </message>
    <message>
        <source> — the server took %1 (the Duration), from the call being sent to its answer</source>
        <translation> — der Server brauchte %1 (die Dauer), vom Senden des Aufrufs bis zu seiner Antwort</translation>
    </message>
</context>
<context>
    <name>Toolgate::AuditExporter</name>
    <message>
        <source>cannot write the export: %1</source>
        <translation>der Export kann nicht geschrieben werden: %1</translation>
    </message>
</context>
<context>
    <name>Toolgate::AuditLog</name>
    <message>
        <source>audit log: the call&apos;s intent is missing</source>
        <translation>Audit-Protokoll: Die Absicht des Aufrufs fehlt</translation>
    </message>
    <message>
        <source>the audit log could not record the call: %1</source>
        <translation>das Audit-Protokoll konnte den Aufruf nicht festhalten: %1</translation>
    </message>
    <message>
        <source>the audit log is closed</source>
        <translation>das Audit-Protokoll ist geschlossen</translation>
    </message>
    <message>
        <source>the audit log has no intent for this call</source>
        <translation>das Audit-Protokoll hat keine Absicht zu diesem Aufruf</translation>
    </message>
    <message>
        <source>the tool changed since it was approved (%1 differ: %2)</source>
        <translation>das Werkzeug hat sich seit der Erlaubnis geändert (%1 sind anders: %2)</translation>
    </message>
    <message>
        <source>the collection run &quot;%1&quot; was approved as a whole (calls: %2)</source>
        <translation>der Lauf der Sammlung „%1“ wurde als Ganzes erlaubt (Aufrufe: %2)</translation>
    </message>
    <message>
        <source>the collection run &quot;%1&quot; was denied</source>
        <translation>der Lauf der Sammlung „%1“ wurde abgelehnt</translation>
    </message>
</context>
<context>
    <name>Toolgate::AuditReader</name>
    <message>
        <source>audit log query failed: %1</source>
        <translation>Abfrage des Audit-Protokolls fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>there is no audit record #%1</source>
        <translation>es gibt keinen Audit-Eintrag #%1</translation>
    </message>
</context>
<context>
    <name>Toolgate::AuditRecord</name>
    <message>
        <source>not an audit record: %1</source>
        <translation>kein Audit-Eintrag: %1</translation>
    </message>
    <message>
        <source>unknown type</source>
        <translation>unbekannter Typ</translation>
    </message>
    <message>
        <source>unknown client</source>
        <translation>unbekannter Client</translation>
    </message>
    <message>
        <source>unknown decision</source>
        <translation>unbekannte Entscheidung</translation>
    </message>
    <message>
        <source>unknown decidedBy</source>
        <translation>unbekanntes decidedBy</translation>
    </message>
    <message>
        <source>unknown outcome</source>
        <translation>unbekanntes Ergebnis</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not an ISO 8601 time</source>
        <translation>&quot;%1&quot; ist keine Zeit nach ISO 8601</translation>
    </message>
    <message>
        <source>a task without an id</source>
        <translation>eine Aufgabe ohne ID</translation>
    </message>
    <message>
        <source>unknown task status</source>
        <translation>unbekannter Aufgabenstatus</translation>
    </message>
</context>
<context>
    <name>Toolgate::AuditTableModel</name>
    <message>
        <source>Time</source>
        <translation>Zeit</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Art</translation>
    </message>
    <message>
        <source>Server</source>
        <translation>Server</translation>
    </message>
    <message>
        <source>Tool / event</source>
        <translation>Werkzeug / Ereignis</translation>
    </message>
    <message>
        <source>Decision</source>
        <translation>Entscheidung</translation>
    </message>
    <message>
        <source>Outcome</source>
        <translation>Ergebnis</translation>
    </message>
    <message>
        <source>Duration</source>
        <translation>Dauer</translation>
    </message>
    <message>
        <source>Client</source>
        <translation>Client</translation>
    </message>
    <message>
        <source>Made by %1</source>
        <translation>Ausgelöst von %1</translation>
    </message>
    <message>
        <source> (edited)</source>
        <translation> (bearbeitet)</translation>
    </message>
    <message>
        <source>%1 · #%2</source>
        <translation>%1 · #%2</translation>
    </message>
    <message>
        <source>Tool call</source>
        <translation>Werkzeugaufruf</translation>
    </message>
    <message>
        <source>Server request</source>
        <translation>Serveranfrage</translation>
    </message>
    <message>
        <source>Connection</source>
        <translation>Verbindung</translation>
    </message>
    <message>
        <source>pending</source>
        <translation>ausstehend</translation>
    </message>
    <message>
        <source>ok</source>
        <translation>ok</translation>
    </message>
    <message>
        <source>tool error</source>
        <translation>Werkzeugfehler</translation>
    </message>
    <message>
        <source>denied</source>
        <translation>abgelehnt</translation>
    </message>
    <message>
        <source>invalid arguments</source>
        <translation>ungültige Argumente</translation>
    </message>
    <message>
        <source>error</source>
        <translation>Fehler</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>abgebrochen</translation>
    </message>
    <message>
        <source>outcome unknown</source>
        <translation>Ergebnis unbekannt</translation>
    </message>
    <message>
        <source>allowed once</source>
        <translation>einmal zugelassen</translation>
    </message>
    <message>
        <source>allowed for the session</source>
        <translation>für die Sitzung zugelassen</translation>
    </message>
    <message>
        <source>allowed always</source>
        <translation>immer zugelassen</translation>
    </message>
    <message>
        <source> · human</source>
        <translation> · Mensch</translation>
    </message>
    <message>
        <source> · remembered rule</source>
        <translation> · gespeicherte Regel</translation>
    </message>
    <message>
        <source>starting</source>
        <translation>startet</translation>
    </message>
    <message>
        <source>ready</source>
        <translation>bereit</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>fehlgeschlagen</translation>
    </message>
    <message>
        <source>restarting</source>
        <translation>startet neu</translation>
    </message>
    <message>
        <source>stopped</source>
        <translation>gestoppt</translation>
    </message>
    <message>
        <source>disabled</source>
        <translation>deaktiviert</translation>
    </message>
    <message>
        <source>gave up restarting</source>
        <translation>Neustarts aufgegeben</translation>
    </message>
    <message>
        <source>crashed</source>
        <translation>abgestürzt</translation>
    </message>
    <message>
        <source>GUI</source>
        <translation>GUI</translation>
    </message>
    <message>
        <source>CLI</source>
        <translation>CLI</translation>
    </message>
    <message>
        <source>Conformance test</source>
        <translation>Konformitätstest</translation>
    </message>
    <message>
        <source>App</source>
        <translation>App</translation>
    </message>
    <message>
        <source>the app in the result of call #%1</source>
        <translation>die App im Ergebnis von Aufruf #%1</translation>
    </message>
    <message>
        <source>working</source>
        <translation>läuft</translation>
    </message>
    <message>
        <source>waiting for input</source>
        <translation>wartet auf Eingabe</translation>
    </message>
    <message>
        <source>completed</source>
        <translation>abgeschlossen</translation>
    </message>
    <message>
        <source>waiting for trust</source>
        <translation>wartet auf Vertrauen</translation>
    </message>
    <message>
        <source>trusted</source>
        <translation>vertraut</translation>
    </message>
    <message>
        <source>not trusted</source>
        <translation>nicht vertraut</translation>
    </message>
    <message>
        <source>Collection run</source>
        <translation>Sammlungslauf</translation>
    </message>
    <message>
        <source>run approved</source>
        <translation>Lauf erlaubt</translation>
    </message>
    <message>
        <source>run denied</source>
        <translation>Lauf abgelehnt</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <source>connected to a listed host</source>
        <translation>mit einem aufgeführten Host verbunden</translation>
    </message>
    <message>
        <source>connection refused</source>
        <translation>Verbindung abgewiesen</translation>
    </message>
    <message>
        <source> · your collection run</source>
        <translation> · Ihr Sammlungslauf</translation>
    </message>
    <message>
        <source>How long the server took: from sending the call to its answer. Asking you, the checks and connecting come on top; a record&apos;s Timing shows both.</source>
        <translation>Wie lange der Server gebraucht hat: vom Senden des Aufrufs bis zu seiner Antwort. Ihre Rückfrage, die Prüfungen und der Verbindungsaufbau kommen hinzu; der zeitliche Ablauf eines Eintrags zeigt beides.</translation>
    </message>
</context>
<context>
    <name>Toolgate::AuditVerifier</name>
    <message>
        <source>audit log verification failed: %1</source>
        <translation>Prüfung des Audit-Protokolls fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>chain event #%1 was removed</source>
        <translation>Kettenereignis #%1 wurde entfernt</translation>
    </message>
    <message>
        <source>chain events #%1 to #%2 were removed</source>
        <translation>die Kettenereignisse #%1 bis #%2 wurden entfernt</translation>
    </message>
    <message>
        <source>record #%1 was changed: chain event #%2 has an unknown kind</source>
        <translation>Eintrag #%1 wurde verändert: Kettenereignis #%2 hat eine unbekannte Art</translation>
    </message>
    <message>
        <source>record #%1 was removed</source>
        <translation>Eintrag #%1 wurde entfernt</translation>
    </message>
    <message>
        <source>record #%1 was changed: its %2 no longer matches the hash chain (event #%3)</source>
        <translation>Eintrag #%1 wurde verändert: Sein Teil &quot;%2&quot; passt nicht mehr zur Hash-Kette (Ereignis #%3)</translation>
    </message>
    <message>
        <source>records #%1 to #%2 were removed</source>
        <translation>die Einträge #%1 bis #%2 wurden entfernt</translation>
    </message>
    <message>
        <source>records #%1 to #%2 (or their chain events) were removed</source>
        <translation>die Einträge #%1 bis #%2 (oder ihre Kettenereignisse) wurden entfernt</translation>
    </message>
    <message>
        <source>the newest chain events #%1 to #%2 were removed</source>
        <translation>die neuesten Kettenereignisse #%1 bis #%2 wurden entfernt</translation>
    </message>
    <message>
        <source>the chain head does not match the last event (#%1)</source>
        <translation>der Kopf der Kette passt nicht zum letzten Ereignis (#%1)</translation>
    </message>
    <message>
        <source>record #%1 is not in the hash chain (added afterwards)</source>
        <translation>Eintrag #%1 ist nicht in der Hash-Kette (nachträglich hinzugefügt)</translation>
    </message>
    <message>
        <source>record #%1 has a decision the chain does not cover</source>
        <translation>Eintrag #%1 hat eine Entscheidung, die die Kette nicht abdeckt</translation>
    </message>
    <message>
        <source>record #%1 has an outcome the chain does not cover</source>
        <translation>Eintrag #%1 hat ein Ergebnis, das die Kette nicht abdeckt</translation>
    </message>
    <message>
        <source>record #%1 was changed: a step of its task&apos;s life (event #%2) was removed</source>
        <translation>Eintrag #%1 wurde verändert: Ein Schritt im Verlauf seiner Aufgabe (Ereignis #%2) wurde entfernt</translation>
    </message>
    <message>
        <source>record #%1 has a step of a task&apos;s life the chain does not cover</source>
        <translation>Eintrag #%1 hat einen Schritt im Verlauf einer Aufgabe, den die Kette nicht abdeckt</translation>
    </message>
</context>
<context>
    <name>Toolgate::AuditWindow</name>
    <message>
        <source>Audit Log</source>
        <translation>Audit-Protokoll</translation>
    </message>
    <message>
        <source>Audit records</source>
        <translation>Audit-Einträge</translation>
    </message>
    <message>
        <source>Select a record to see it in full.</source>
        <translation>Wählen Sie einen Eintrag, um ihn vollständig zu sehen.</translation>
    </message>
    <message>
        <source>All kinds</source>
        <translation>Alle Arten</translation>
    </message>
    <message>
        <source>Tool calls</source>
        <translation>Werkzeugaufrufe</translation>
    </message>
    <message>
        <source>Server requests</source>
        <translation>Serveranfragen</translation>
    </message>
    <message>
        <source>Connection events</source>
        <translation>Verbindungsereignisse</translation>
    </message>
    <message>
        <source>Any server</source>
        <translation>Jeder Server</translation>
    </message>
    <message>
        <source>Server</source>
        <translation>Server</translation>
    </message>
    <message>
        <source>Any tool or event</source>
        <translation>Jedes Werkzeug oder Ereignis</translation>
    </message>
    <message>
        <source>Tool or event</source>
        <translation>Werkzeug oder Ereignis</translation>
    </message>
    <message>
        <source>Any decision</source>
        <translation>Jede Entscheidung</translation>
    </message>
    <message>
        <source>Allowed</source>
        <translation>Zugelassen</translation>
    </message>
    <message>
        <source>Denied</source>
        <translation>Abgelehnt</translation>
    </message>
    <message>
        <source>Decided by a human</source>
        <translation>Von einem Menschen entschieden</translation>
    </message>
    <message>
        <source>Decided by a remembered rule</source>
        <translation>Von einer gespeicherten Regel entschieden</translation>
    </message>
    <message>
        <source>Any outcome</source>
        <translation>Jedes Ergebnis</translation>
    </message>
    <message>
        <source>ok</source>
        <translation>ok</translation>
    </message>
    <message>
        <source>tool error</source>
        <translation>Werkzeugfehler</translation>
    </message>
    <message>
        <source>error</source>
        <translation>Fehler</translation>
    </message>
    <message>
        <source>denied</source>
        <translation>abgelehnt</translation>
    </message>
    <message>
        <source>outcome unknown</source>
        <translation>Ergebnis unbekannt</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>abgebrochen</translation>
    </message>
    <message>
        <source>invalid arguments</source>
        <translation>ungültige Argumente</translation>
    </message>
    <message>
        <source>pending</source>
        <translation>ausstehend</translation>
    </message>
    <message>
        <source>Any time</source>
        <translation>Beliebige Zeit</translation>
    </message>
    <message>
        <source>Last hour</source>
        <translation>Letzte Stunde</translation>
    </message>
    <message>
        <source>Last 24 hours</source>
        <translation>Letzte 24 Stunden</translation>
    </message>
    <message>
        <source>Last 7 days</source>
        <translation>Letzte 7 Tage</translation>
    </message>
    <message>
        <source>Last 30 days</source>
        <translation>Letzte 30 Tage</translation>
    </message>
    <message>
        <source>Custom range</source>
        <translation>Eigener Zeitraum</translation>
    </message>
    <message>
        <source>Search arguments and results</source>
        <translation>Argumente und Ergebnisse durchsuchen</translation>
    </message>
    <message>
        <source>Search arguments and results…</source>
        <translation>Argumente und Ergebnisse durchsuchen…</translation>
    </message>
    <message>
        <source>Refresh</source>
        <translation>Aktualisieren</translation>
    </message>
    <message>
        <source>Load the list again from the start (F5); new records also show by themselves</source>
        <translation>Die Liste neu von vorn laden (F5); neue Einträge erscheinen auch von selbst</translation>
    </message>
    <message>
        <source>Export…</source>
        <translation>Exportieren…</translation>
    </message>
    <message>
        <source>Save the records the filters show as JSON Lines or CSV</source>
        <translation>Die von den Filtern gezeigten Einträge als JSON Lines oder CSV speichern</translation>
    </message>
    <message>
        <source>Record #%1 could not be read: %2</source>
        <translation>Eintrag #%1 konnte nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>Cannot read the audit log: %1</source>
        <translation>Das Audit-Protokoll kann nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>Loading…</source>
        <translation>Wird geladen…</translation>
    </message>
    <message>
        <source>1 record matches; %1 loaded</source>
        <translation>1 Eintrag passt; %1 geladen</translation>
    </message>
    <message>
        <source>%1 records match; %2 loaded</source>
        <translation>%1 Einträge passen; %2 geladen</translation>
    </message>
    <message>
        <source>1 record loaded, counting…</source>
        <translation>1 Eintrag geladen, zähle…</translation>
    </message>
    <message>
        <source>%1 records loaded, counting…</source>
        <translation>%1 Einträge geladen, zähle…</translation>
    </message>
    <message>
        <source> · exporting…</source>
        <translation> · exportiere…</translation>
    </message>
    <message>
        <source>Export Audit Records</source>
        <translation>Audit-Einträge exportieren</translation>
    </message>
    <message>
        <source>JSON Lines (*.jsonl)</source>
        <translation>JSON Lines (*.jsonl)</translation>
    </message>
    <message>
        <source>CSV (*.csv)</source>
        <translation>CSV (*.csv)</translation>
    </message>
    <message>
        <source>Export Failed</source>
        <translation>Export fehlgeschlagen</translation>
    </message>
    <message>
        <source>The audit records could not be exported.</source>
        <translation>Die Audit-Einträge konnten nicht exportiert werden.</translation>
    </message>
    <message>
        <source>

Choose another file or folder and try again.</source>
        <translation>

Wählen Sie eine andere Datei oder einen anderen Ordner und versuchen Sie es erneut.</translation>
    </message>
    <message>
        <source>There is no tool form to take this call into.</source>
        <translation>Es gibt kein Werkzeugformular, das diesen Aufruf aufnehmen kann.</translation>
    </message>
    <message>
        <source>%1 on %2 is in the tool form with the recorded arguments; run it from there.</source>
        <translation>%1 auf %2 steht mit den aufgezeichneten Argumenten im Werkzeugformular; führen Sie es von dort aus.</translation>
    </message>
    <message>
        <source>Cannot Run Again</source>
        <translation>Erneutes Ausführen nicht möglich</translation>
    </message>
    <message>
        <source>cannot write %1: %2</source>
        <translation>%1 kann nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>cannot save %1: %2</source>
        <translation>%1 kann nicht gespeichert werden: %2</translation>
    </message>
    <message>
        <source>Compare Results</source>
        <translation>Ergebnisse vergleichen</translation>
    </message>
    <message>
        <source>Show the results of the two selected tool calls side by side, with what differs</source>
        <translation>Die Ergebnisse der beiden ausgewählten Werkzeugaufrufe nebeneinander zeigen, mit ihren Unterschieden</translation>
    </message>
    <message>
        <source>Select two tool calls (Ctrl+click) to see their results side by side</source>
        <translation>Wählen Sie zwei Werkzeugaufrufe (Strg+Klick), um ihre Ergebnisse nebeneinander zu sehen</translation>
    </message>
    <message>
        <source>The records could not be read: %1</source>
        <translation>Die Einträge konnten nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>Record #%1 (%2 on %3) has no result to compare: the call was denied, failed before the server answered, or has not finished.</source>
        <translation>Eintrag #%1 (%2 auf %3) hat kein Ergebnis zum Vergleichen: Der Aufruf wurde abgelehnt, scheiterte, bevor der Server antwortete, oder ist noch nicht fertig.</translation>
    </message>
    <message>
        <source>Cannot Compare</source>
        <translation>Vergleich nicht möglich</translation>
    </message>
    <message>
        <source>Approved with a collection run</source>
        <translation>Mit einem Sammlungslauf erlaubt</translation>
    </message>
    <message>
        <source> · exported 1 record to %1</source>
        <translation> · 1 Eintrag nach %1 exportiert</translation>
    </message>
    <message numerus="yes">
        <source> · exported %Ln records to %1</source>
        <translation>
            <numerusform> · %Ln Eintrag nach %1 exportiert</numerusform>
            <numerusform> · %Ln Einträge nach %1 exportiert</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Toolgate::AuditWriter</name>
    <message>
        <source>audit log: %1: %2</source>
        <translation>Audit-Protokoll: %1: %2</translation>
    </message>
    <message>
        <source>cannot start a transaction</source>
        <translation>eine Transaktion kann nicht begonnen werden</translation>
    </message>
    <message>
        <source>cannot read the chain head</source>
        <translation>der Kopf der Kette kann nicht gelesen werden</translation>
    </message>
    <message>
        <source>cannot record the chain head</source>
        <translation>der Kopf der Kette kann nicht festgehalten werden</translation>
    </message>
    <message>
        <source>cannot commit</source>
        <translation>Festschreiben nicht möglich</translation>
    </message>
    <message>
        <source>cannot append to the chain</source>
        <translation>an die Kette kann nicht angehängt werden</translation>
    </message>
    <message>
        <source>cannot record the call</source>
        <translation>der Aufruf kann nicht festgehalten werden</translation>
    </message>
    <message>
        <source>cannot record the decision</source>
        <translation>die Entscheidung kann nicht festgehalten werden</translation>
    </message>
    <message>
        <source>audit log: record %1 is missing or already decided</source>
        <translation>Audit-Protokoll: Eintrag %1 fehlt oder ist schon entschieden</translation>
    </message>
    <message>
        <source>cannot record the outcome</source>
        <translation>das Ergebnis kann nicht festgehalten werden</translation>
    </message>
    <message>
        <source>audit log: record %1 is missing or already has an outcome</source>
        <translation>Audit-Protokoll: Eintrag %1 fehlt oder hat schon ein Ergebnis</translation>
    </message>
    <message>
        <source>cannot look for unfinished calls</source>
        <translation>nach unvollendeten Aufrufen kann nicht gesucht werden</translation>
    </message>
    <message>
        <source>cannot record the task&apos;s status</source>
        <translation>der Status der Aufgabe kann nicht aufgezeichnet werden</translation>
    </message>
    <message>
        <source>cannot read the task&apos;s status</source>
        <translation>der Status der Aufgabe kann nicht gelesen werden</translation>
    </message>
</context>
<context>
    <name>Toolgate::AuthorizationUserAgent</name>
    <message>
        <source>Not found</source>
        <translation>Nicht gefunden</translation>
    </message>
    <message>
        <source>This address only receives Toolgate sign-ins.</source>
        <translation>Diese Adresse nimmt nur Anmeldungen für Toolgate entgegen.</translation>
    </message>
    <message>
        <source>Sign-in failed</source>
        <translation>Anmeldung fehlgeschlagen</translation>
    </message>
    <message>
        <source>The sign-in did not succeed. You can close this tab and return to Toolgate.</source>
        <translation>Die Anmeldung ist nicht gelungen. Sie können diesen Tab schließen und zu Toolgate zurückkehren.</translation>
    </message>
    <message>
        <source>Signed in</source>
        <translation>Angemeldet</translation>
    </message>
    <message>
        <source>You can close this tab and return to Toolgate.</source>
        <translation>Sie können diesen Tab schließen und zu Toolgate zurückkehren.</translation>
    </message>
    <message>
        <source>the sign-in was not completed within %1 minutes; connect again to retry</source>
        <translation>die Anmeldung wurde nicht innerhalb von %1 Minuten abgeschlossen; verbinden Sie erneut, um es noch einmal zu versuchen</translation>
    </message>
    <message>
        <source>could not listen on a local port to receive the sign-in: %1</source>
        <translation>auf keinem lokalen Port konnte auf die Anmeldung gewartet werden: %1</translation>
    </message>
    <message>
        <source>a newer sign-in replaced this one</source>
        <translation>eine neuere Anmeldung hat diese ersetzt</translation>
    </message>
    <message>
        <source>visiting the authorization page</source>
        <translation>Aufrufen der Autorisierungsseite</translation>
    </message>
    <message>
        <source>the authorization server did not send the sign-in back to Toolgate (HTTP %1 from %2); it wants a person to sign in, which this headless client cannot do</source>
        <translation>der Autorisierungsserver hat die Anmeldung nicht an Toolgate zurückgeschickt (HTTP %1 von %2); er will, dass sich eine Person anmeldet, was dieser Client ohne Oberfläche nicht kann</translation>
    </message>
</context>
<context>
    <name>Toolgate::BinaryPane</name>
    <message>
        <source>Save as…</source>
        <translation>Speichern unter…</translation>
    </message>
    <message>
        <source>Reading…</source>
        <translation>Wird gelesen…</translation>
    </message>
    <message>
        <source>The data is not valid base64.</source>
        <translation>Die Daten sind kein gültiges Base64.</translation>
    </message>
    <message>
        <source>Binary data</source>
        <translation>Binärdaten</translation>
    </message>
</context>
<context>
    <name>Toolgate::BooleanFieldEditor</name>
    <message>
        <source>Yes</source>
        <translation>Ja</translation>
    </message>
    <message>
        <source>No</source>
        <translation>Nein</translation>
    </message>
    <message>
        <source>Not set</source>
        <translation>Nicht gesetzt</translation>
    </message>
</context>
<context>
    <name>Toolgate::BubblewrapLauncher</name>
    <message>
        <source>cannot start the server in its sandbox: %1. Fix that, or turn the sandbox off for this server (it then runs with your full rights).</source>
        <translation>der Server kann nicht in seiner Sandbox starten: %1. Beheben Sie das, oder schalten Sie die Sandbox für diesen Server aus (er läuft dann mit Ihren vollen Rechten).</translation>
    </message>
    <message>
        <source>bubblewrap (bwrap) is not installed; install the package &quot;bubblewrap&quot;</source>
        <translation>bubblewrap (bwrap) ist nicht installiert; installieren Sie das Paket &quot;bubblewrap&quot;</translation>
    </message>
    <message>
        <source>its working folder %1</source>
        <translation>sein Arbeitsordner %1</translation>
    </message>
    <message>
        <source>the program&apos;s folder %1</source>
        <translation>der Ordner des Programms %1</translation>
    </message>
    <message>
        <source>%1&apos;s folder %2</source>
        <translation>der Ordner von %1: %2</translation>
    </message>
    <message>
        <source>the folder &quot;%1&quot; must be given as a full path</source>
        <translation>der Ordner &quot;%1&quot; muss als vollständiger Pfad angegeben werden</translation>
    </message>
    <message>
        <source>the folder %1 does not exist</source>
        <translation>der Ordner %1 existiert nicht</translation>
    </message>
    <message>
        <source>%1 cannot be granted: it is within %2, which holds Toolgate&apos;s own files or your secrets and is never visible to a server</source>
        <translation>%1 kann nicht freigegeben werden: er liegt in %2, das Toolgates eigene Dateien oder Ihre Geheimnisse enthält und für keinen Server sichtbar ist</translation>
    </message>
    <message>
        <source>this system does not let programs make user namespaces (%1 is 0), which bubblewrap needs</source>
        <translation>dieses System lässt Programme keine User-Namespaces anlegen (%1 ist 0), die bubblewrap braucht</translation>
    </message>
    <message>
        <source>Toolgate has no sandbox for local servers on this system yet</source>
        <translation>Toolgate hat auf diesem System noch keine Sandbox für lokale Server</translation>
    </message>
    <message>
        <source>It will not start: %1</source>
        <translation>Er wird nicht starten: %1</translation>
    </message>
    <message>
        <source>the script&apos;s folder %1</source>
        <translation>der Ordner des Skripts %1</translation>
    </message>
    <message>
        <source>a network limited to listed hosts needs Toolgate&apos;s network relay (toolgate-sandbox-relay), which was not found; reinstall Toolgate, or set the network to &quot;on&quot; or &quot;off&quot;</source>
        <translation>ein auf aufgeführte Hosts beschränktes Netzwerk braucht das Netzwerk-Relay von Toolgate (toolgate-sandbox-relay), das nicht gefunden wurde; installieren Sie Toolgate neu, oder stellen Sie das Netzwerk auf „on“ oder „off“</translation>
    </message>
</context>
<context>
    <name>Toolgate::ChatView</name>
    <message>
        <source>?</source>
        <translation>?</translation>
    </message>
    <message>
        <source>%1 in, %2 out</source>
        <translation>%1 rein, %2 raus</translation>
    </message>
    <message>
        <source>Model:</source>
        <translation>Modell:</translation>
    </message>
    <message>
        <source>Models…</source>
        <translation>Modelle …</translation>
    </message>
    <message>
        <source>Add or edit model connections (Settings › Models)</source>
        <translation>Modellverbindungen hinzufügen oder bearbeiten (Einstellungen › Modelle)</translation>
    </message>
    <message>
        <source>Add a Model…</source>
        <translation>Modell hinzufügen …</translation>
    </message>
    <message>
        <source>Message to the model (Ctrl+Enter sends)</source>
        <translation>Nachricht an das Modell (Strg+Eingabe sendet)</translation>
    </message>
    <message>
        <source>Send</source>
        <translation>Senden</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>Stopp</translation>
    </message>
    <message>
        <source>End this turn now: the model&apos;s reply is abandoned and its pending tool calls are cancelled</source>
        <translation>Diesen Durchgang sofort beenden: Die Antwort des Modells wird verworfen, seine offenen Werkzeugaufrufe werden abgebrochen</translation>
    </message>
    <message>
        <source>Your conversations could not be read</source>
        <translation>Ihre Unterhaltungen konnten nicht gelesen werden</translation>
    </message>
    <message>
        <source>New</source>
        <translation>Neu</translation>
    </message>
    <message>
        <source>Start a new conversation</source>
        <translation>Eine neue Unterhaltung beginnen</translation>
    </message>
    <message>
        <source>Rename</source>
        <translation>Umbenennen</translation>
    </message>
    <message>
        <source>Rename the conversation (F2)</source>
        <translation>Die Unterhaltung umbenennen (F2)</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>Löschen</translation>
    </message>
    <message>
        <source>Delete the conversation</source>
        <translation>Die Unterhaltung löschen</translation>
    </message>
    <message>
        <source>Conversations</source>
        <translation>Unterhaltungen</translation>
    </message>
    <message>
        <source>Delete Conversation</source>
        <translation>Unterhaltung löschen</translation>
    </message>
    <message>
        <source>Delete the conversation «%1»? It cannot be brought back.</source>
        <translation>Die Unterhaltung «%1» löschen? Sie lässt sich nicht wiederherstellen.</translation>
    </message>
    <message>
        <source>The models file could not be read</source>
        <translation>Die Modelldatei konnte nicht gelesen werden</translation>
    </message>
    <message>
        <source>%1 (not in the models file)</source>
        <translation>%1 (nicht in der Modelldatei)</translation>
    </message>
    <message>
        <source>(no model set up)</source>
        <translation>(kein Modell eingerichtet)</translation>
    </message>
    <message>
        <source>New conversation</source>
        <translation>Neue Unterhaltung</translation>
    </message>
    <message>
        <source>The conversation could not be kept</source>
        <translation>Die Unterhaltung konnte nicht gespeichert werden</translation>
    </message>
    <message>
        <source>Write a message below to start a conversation. The model may call the tools exposed above the input; you decide each call.</source>
        <translation>Schreiben Sie unten eine Nachricht, um eine Unterhaltung zu beginnen. Das Modell darf die über der Eingabe freigegebenen Werkzeuge aufrufen; über jeden Aufruf entscheiden Sie.</translation>
    </message>
    <message>
        <source>No model is set up yet</source>
        <translation>Noch ist kein Modell eingerichtet</translation>
    </message>
    <message>
        <source>Add a model connection in Settings › Models: a local server such as Ollama, LM Studio or llama.cpp&apos;s server, or a provider such as OpenAI, Anthropic or OpenRouter (docs/models.md says how).</source>
        <translation>Fügen Sie unter Einstellungen › Modelle eine Modellverbindung hinzu: einen lokalen Server wie Ollama, LM Studio oder den Server von llama.cpp, oder einen Anbieter wie OpenAI, Anthropic oder OpenRouter (docs/models.md beschreibt, wie).</translation>
    </message>
    <message>
        <source>The model «%1» is not in the models file</source>
        <translation>Das Modell «%1» steht nicht in der Modelldatei</translation>
    </message>
    <message>
        <source>Choose another model above, or add it in Settings › Models.</source>
        <translation>Wählen Sie oben ein anderes Modell, oder fügen Sie es unter Einstellungen › Modelle hinzu.</translation>
    </message>
    <message>
        <source>The model&apos;s key could not be read</source>
        <translation>Der Schlüssel des Modells konnte nicht gelesen werden</translation>
    </message>
    <message>
        <source>The model failed: %1</source>
        <translation>Das Modell ist gescheitert: %1</translation>
    </message>
    <message>
        <source>The model failed</source>
        <translation>Das Modell ist gescheitert</translation>
    </message>
    <message numerus="yes">
        <source>Stopped: the model still asked for tools after %n replies.</source>
        <translation>
            <numerusform>Angehalten: Das Modell verlangte nach %n Antwort noch immer Werkzeuge.</numerusform>
            <numerusform>Angehalten: Das Modell verlangte nach %n Antworten noch immer Werkzeuge.</numerusform>
        </translation>
    </message>
    <message>
        <source>Stopped. Calls not answered yet were cancelled.</source>
        <translation>Angehalten. Noch nicht beantwortete Aufrufe wurden abgebrochen.</translation>
    </message>
    <message>
        <source>Tokens: this turn %1; conversation %2</source>
        <translation>Tokens: dieser Durchgang %1; Unterhaltung %2</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <source>Message to the model</source>
        <translation>Nachricht an das Modell</translation>
    </message>
    <message numerus="yes">
        <source>%n older tool result(s) were shortened to fit the model&apos;s context of %1 tokens.</source>
        <translation>
            <numerusform>%n älteres Werkzeugergebnis wurde gekürzt, damit es in den Kontext des Modells von %1 Token passt.</numerusform>
            <numerusform>%n ältere Werkzeugergebnisse wurden gekürzt, damit sie in den Kontext des Modells von %1 Token passen.</numerusform>
        </translation>
    </message>
    <message>
        <source>The conversation is too long for the model</source>
        <translation>Die Unterhaltung ist zu lang für das Modell</translation>
    </message>
    <message>
        <source>The skill was not added</source>
        <translation>Der Skill wurde nicht hinzugefügt</translation>
    </message>
    <message>
        <source>The model is answering. Add the skill once it has finished, or stop it first.</source>
        <translation>Das Modell antwortet gerade. Fügen Sie den Skill hinzu, wenn es fertig ist, oder halten Sie es zuerst an.</translation>
    </message>
</context>
<context>
    <name>Toolgate::ChoiceFieldEditor</name>
    <message>
        <source>%1: kind of value</source>
        <translation>%1: Art des Werts</translation>
    </message>
    <message>
        <source>Not set</source>
        <translation>Nicht gesetzt</translation>
    </message>
</context>
<context>
    <name>Toolgate::ClientFeatures</name>
    <message>
        <source>the request was closed meanwhile</source>
        <translation>die Anfrage wurde inzwischen geschlossen</translation>
    </message>
</context>
<context>
    <name>Toolgate::ClientSession</name>
    <message>
        <source>the server does not offer %1</source>
        <translation>der Server bietet %1 nicht an</translation>
    </message>
    <message>
        <source>the server rejected initialize: %1</source>
        <translation>der Server hat die Initialisierung abgelehnt: %1</translation>
    </message>
    <message>
        <source>the server answered initialize with something that is not an object</source>
        <translation>der Server hat auf die Initialisierung mit etwas geantwortet, das kein Objekt ist</translation>
    </message>
    <message>
        <source>the server speaks MCP revision &quot;%1&quot;, which Toolgate does not support (it supports %2). Update the server or Toolgate.</source>
        <translation>der Server spricht die MCP-Version „%1“, die Toolgate nicht unterstützt (unterstützt: %2). Aktualisieren Sie den Server oder Toolgate.</translation>
    </message>
    <message>
        <source>the server connection failed: %1</source>
        <translation>die Verbindung zum Server ist fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>the server is not connected</source>
        <translation>der Server ist nicht verbunden</translation>
    </message>
    <message>
        <source>the server&apos;s answer to %1 is not an object</source>
        <translation>die Antwort des Servers auf %1 ist kein Objekt</translation>
    </message>
    <message>
        <source>the server offers more than %1 %2 (%3); showing the first %1</source>
        <translation>der Server bietet mehr als %1 %2 an (%3); die ersten %1 werden gezeigt</translation>
    </message>
    <message>
        <source>the server&apos;s %1 pagination does not end (cursor &quot;%2&quot; repeats or more than %3 pages)</source>
        <translation>die Seitenaufteilung von %1 des Servers endet nicht (Cursor „%2“ wiederholt sich oder mehr als %3 Seiten)</translation>
    </message>
    <message>
        <source>the connection closed while listing</source>
        <translation>die Verbindung wurde während des Auflistens geschlossen</translation>
    </message>
    <message>
        <source>the server closed the connection</source>
        <translation>der Server hat die Verbindung geschlossen</translation>
    </message>
    <message>
        <source>the session was closed</source>
        <translation>die Sitzung wurde geschlossen</translation>
    </message>
    <message>
        <source>the server&apos;s tools/call answer is not an object</source>
        <translation>die Antwort des Servers auf tools/call ist kein Objekt</translation>
    </message>
    <message>
        <source>the server answered with error -32042 (URL elicitation required) without a usable data.elicitations list</source>
        <translation>der Server antwortete mit Fehler -32042 (URL-Elicitation nötig) ohne brauchbare Liste data.elicitations</translation>
    </message>
    <message>
        <source>this program does not look like an MCP server — it printed: &quot;%1&quot;. Check the command: it must start an MCP server that talks over standard input and output. (%2)</source>
        <translation>dieses Programm sieht nicht wie ein MCP-Server aus – es gab aus: &quot;%1&quot;. Prüfen Sie den Befehl: Er muss einen MCP-Server starten, der über Standardeingabe und -ausgabe spricht. (%2)</translation>
    </message>
    <message>
        <source>the server answered %1 with input_required, which only tools/call, resources/read and prompts/get may return</source>
        <translation>der Server hat %1 mit input_required beantwortet, was nur tools/call, resources/read und prompts/get zurückgeben dürfen</translation>
    </message>
    <message>
        <source>the server asks for input to finish %1, but Toolgate did not declare that it can give any</source>
        <translation>der Server verlangt Eingaben, um %1 abzuschließen, aber Toolgate hat nicht erklärt, dass es welche geben kann</translation>
    </message>
    <message>
        <source>unknown resultType &quot;%1&quot; in the answer to %2</source>
        <translation>unbekannter resultType „%1“ in der Antwort auf %2</translation>
    </message>
    <message>
        <source>%1 does not exist in MCP %2, which this server speaks</source>
        <translation>%1 gibt es in MCP %2, das dieser Server spricht, nicht</translation>
    </message>
    <message>
        <source>the server refused MCP %1 and then %2, both of which it lists as supported</source>
        <translation>der Server hat MCP %1 und dann %2 abgelehnt, obwohl er beide als unterstützt aufführt</translation>
    </message>
    <message>
        <source>the server speaks only MCP %1, which has no initialize (it answered: %2); set its protocol era to Auto or Modern</source>
        <translation>der Server spricht nur MCP %1, das kein initialize kennt (seine Antwort: %2); stellen Sie seine Protokoll-Ära auf Auto oder Modern</translation>
    </message>
    <message>
        <source>the server needs client capabilities that Toolgate did not declare for this request (%1): %2</source>
        <translation>der Server braucht Client-Fähigkeiten, die Toolgate für diese Anfrage nicht erklärt hat (%1): %2</translation>
    </message>
    <message>
        <source>the server no longer accepts MCP %1 (it supports %2): %3</source>
        <translation>der Server nimmt MCP %1 nicht mehr an (er unterstützt %2): %3</translation>
    </message>
    <message>
        <source>the server has no resource %1 (%2)</source>
        <translation>der Server hat keine Ressource %1 (%2)</translation>
    </message>
    <message>
        <source>the server kept asking for input to finish %1 (%2 rounds); Toolgate stopped answering it</source>
        <translation>der Server bat immer wieder um Eingaben, um %1 abzuschließen (%2 Runden); Toolgate antwortet ihm nicht mehr</translation>
    </message>
    <message>
        <source>the request that asked for it was closed</source>
        <translation>die Anfrage, die darum bat, wurde geschlossen</translation>
    </message>
    <message>
        <source>the server asked for input to finish %1 (%2), and it was not given: %3</source>
        <translation>der Server bat um Eingaben, um %1 abzuschließen (%2), und sie wurden nicht gegeben: %3</translation>
    </message>
    <message>
        <source>the server disconnected</source>
        <translation>der Server hat die Verbindung getrennt</translation>
    </message>
    <message>
        <source>the request was cancelled</source>
        <translation>die Anfrage wurde abgebrochen</translation>
    </message>
    <message>
        <source>the tool &quot;%1&quot; is not offered: %2</source>
        <translation>das Werkzeug „%1“ wird nicht angeboten: %2</translation>
    </message>
    <message>
        <source>the server refused MCP %1 twice, although it lists it as supported</source>
        <translation>der Server hat MCP %1 zweimal abgelehnt, obwohl er es als unterstützt angibt</translation>
    </message>
    <message>
        <source>the server does not send everything Toolgate asked to hear (subscriptions/listen); not granted: %1</source>
        <translation>der Server sendet nicht alles, was Toolgate hören wollte (subscriptions/listen); nicht gewährt: %1</translation>
    </message>
    <message>
        <source>the server did not accept a subscription to %1</source>
        <translation>der Server hat das Abonnement von %1 nicht angenommen</translation>
    </message>
    <message>
        <source>the server ended the subscription before it was acknowledged</source>
        <translation>der Server hat das Abonnement beendet, bevor er es bestätigt hat</translation>
    </message>
    <message>
        <source>the server declares list changes but does not know subscriptions/listen (%1); Toolgate will not hear of changes until you refresh</source>
        <translation>der Server kündigt Listenänderungen an, kennt aber subscriptions/listen nicht (%1); Toolgate erfährt von Änderungen erst, wenn Sie aktualisieren</translation>
    </message>
    <message>
        <source>subscriptions/listen failed %1 times in a row (last: %2); Toolgate stops asking and will not hear of changes until the server is restarted</source>
        <translation>subscriptions/listen ist %1-mal nacheinander fehlgeschlagen (zuletzt: %2); Toolgate fragt nicht mehr und erfährt von Änderungen erst nach einem Neustart des Servers</translation>
    </message>
    <message>
        <source>subscriptions/listen failed (%1); asking again in %2 s</source>
        <translation>subscriptions/listen ist fehlgeschlagen (%1); neuer Versuch in %2 s</translation>
    </message>
    <message>
        <source>the server sent %1 without naming the subscription it belongs to (_meta %2)</source>
        <translation>der Server hat %1 gesendet, ohne das Abonnement zu nennen, zu dem es gehört (_meta %2)</translation>
    </message>
    <message>
        <source>the server refused the request&apos;s HTTP headers, which must repeat parts of the request (Mcp-Method, Mcp-Name, Mcp-Param-*): %1</source>
        <translation>der Server hat die HTTP-Header der Anfrage abgelehnt, die Teile der Anfrage wiederholen müssen (Mcp-Method, Mcp-Name, Mcp-Param-*): %1</translation>
    </message>
    <message>
        <source>The server needs this to finish the call of “%1”.</source>
        <translation>Der Server braucht dies, um den Aufruf von „%1“ abzuschließen.</translation>
    </message>
    <message>
        <source>The server needs this to finish reading %1.</source>
        <translation>Der Server braucht dies, um das Lesen von %1 abzuschließen.</translation>
    </message>
    <message>
        <source>The server needs this to finish the prompt “%1”.</source>
        <translation>Der Server braucht dies, um den Prompt „%1“ abzuschließen.</translation>
    </message>
    <message>
        <source>This is round %1 of its questions.</source>
        <translation>Dies ist Runde %1 seiner Fragen.</translation>
    </message>
    <message>
        <source>asked for task &quot;%1&quot;, the server described task &quot;%2&quot;</source>
        <translation>nach Aufgabe „%1“ gefragt, der Server beschrieb Aufgabe „%2“</translation>
    </message>
    <message>
        <source>tasks/update belongs to the tasks extension of MCP 2026-07-28; this server speaks %1</source>
        <translation>tasks/update gehört zur Aufgaben-Erweiterung von MCP 2026-07-28; dieser Server spricht %1</translation>
    </message>
    <message>
        <source>the tasks extension of MCP 2026-07-28 has no list of tasks: a task is known by the id its call answered</source>
        <translation>die Aufgaben-Erweiterung von MCP 2026-07-28 hat keine Aufgabenliste: eine Aufgabe kennt man an der ID, die ihr Aufruf zurückgab</translation>
    </message>
    <message>
        <source>the server stopped while running this call — %1</source>
        <translation>der Server hat sich während dieses Aufrufs beendet — %1</translation>
    </message>
    <message>
        <source>the server asked for input to finish %1 and gave Toolgate %2 of state to send back, more than the %3 a round may have; Toolgate stopped answering it</source>
        <translation>der Server bat um Eingaben, um %1 abzuschließen, und gab Toolgate %2 an Zustand zum Zurücksenden, mehr als die %3, die eine Runde haben darf; Toolgate antwortet ihm nicht mehr</translation>
    </message>
    <message>
        <source>the server asked for input to finish %1 and gave Toolgate %2 of state to send back over its rounds, more than the %3 one request may have; Toolgate stopped answering it</source>
        <translation>der Server bat um Eingaben, um %1 abzuschließen, und gab Toolgate über seine Runden %2 an Zustand zum Zurücksenden, mehr als die %3, die eine Anfrage haben darf; Toolgate antwortet ihm nicht mehr</translation>
    </message>
    <message>
        <source>the server answered %1 with &quot;%2&quot;, an answer of MCP 2026-07-28, but this connection speaks %3, where it holds no result; the server mixes up protocol revisions: tell its author</source>
        <translation>der Server hat auf %1 mit „%2“ geantwortet, einer Antwort von MCP 2026-07-28, aber diese Verbindung spricht %3, wo sie kein Ergebnis enthält; der Server bringt Protokollversionen durcheinander: sagen Sie es seinem Autor</translation>
    </message>
    <message>
        <source>the server answered %1 with a task, which Toolgate did not ask for, instead of the call&apos;s result; the server does not follow MCP %2: tell its author</source>
        <translation>der Server hat auf %1 mit einer Aufgabe geantwortet, um die Toolgate nicht gebeten hatte, statt mit dem Ergebnis des Aufrufs; der Server hält sich nicht an MCP %2: sagen Sie es seinem Autor</translation>
    </message>
    <message>
        <source>no JSON-RPC message followed within %1 s, so Toolgate stopped it</source>
        <translation>innerhalb von %1 s folgte keine JSON-RPC-Nachricht, daher hat Toolgate ihn beendet</translation>
    </message>
</context>
<context>
    <name>Toolgate::Collection</name>
    <message>
        <source>the collection %1 cannot be used: %2</source>
        <translation>die Sammlung %1 ist nicht verwendbar: %2</translation>
    </message>
    <message>
        <source>call %1</source>
        <translation>Aufruf %1</translation>
    </message>
    <message>
        <source>call %1 (&quot;%2&quot;)</source>
        <translation>Aufruf %1 („%2“)</translation>
    </message>
    <message>
        <source>cannot read the collection %1: %2</source>
        <translation>die Sammlung %1 kann nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>it is not valid JSON (line %1: %2)</source>
        <translation>sie ist kein gültiges JSON (Zeile %1: %2)</translation>
    </message>
    <message>
        <source>it must hold a JSON object with &quot;version&quot; and &quot;calls&quot;</source>
        <translation>sie muss ein JSON-Objekt mit „version“ und „calls“ enthalten</translation>
    </message>
    <message>
        <source>&quot;format&quot; must be &quot;%1&quot;; it is %2</source>
        <translation>„format“ muss „%1“ sein; es ist %2</translation>
    </message>
    <message>
        <source>&quot;version&quot; is missing or not a whole number (this Toolgate writes %1)</source>
        <translation>„version“ fehlt oder ist keine ganze Zahl (dieses Toolgate schreibt %1)</translation>
    </message>
    <message>
        <source>it was written by a newer Toolgate (format version %1; this one reads version %2)</source>
        <translation>sie wurde von einem neueren Toolgate geschrieben (Formatversion %1; dieses liest Version %2)</translation>
    </message>
    <message>
        <source>&quot;name&quot; must be text</source>
        <translation>„name“ muss Text sein</translation>
    </message>
    <message>
        <source>&quot;variables&quot; must be an object of names and values, such as {&quot;city&quot;: &quot;Paris&quot;}</source>
        <translation>„variables“ muss ein Objekt aus Namen und Werten sein, etwa {&quot;city&quot;: &quot;Paris&quot;}</translation>
    </message>
    <message>
        <source>&quot;calls&quot; must be a list of calls</source>
        <translation>„calls“ muss eine Liste von Aufrufen sein</translation>
    </message>
    <message>
        <source>%1 must be a JSON object</source>
        <translation>%1 muss ein JSON-Objekt sein</translation>
    </message>
    <message>
        <source>%1 has no &quot;name&quot;; every call needs one (reports name it)</source>
        <translation>%1 hat keinen „name“; jeder Aufruf braucht einen (Berichte nennen ihn so)</translation>
    </message>
    <message>
        <source>%1: another call has the same name; names must differ</source>
        <translation>%1: ein anderer Aufruf hat denselben Namen; Namen müssen sich unterscheiden</translation>
    </message>
    <message>
        <source>%1: &quot;server&quot; must be a server&apos;s name, as text</source>
        <translation>%1: „server“ muss der Name eines Servers sein, als Text</translation>
    </message>
    <message>
        <source>%1: &quot;tool&quot; is missing; it names the tool to call</source>
        <translation>%1: „tool“ fehlt; es nennt das aufzurufende Werkzeug</translation>
    </message>
    <message>
        <source>%1: &quot;arguments&quot; must be a JSON object</source>
        <translation>%1: „arguments“ muss ein JSON-Objekt sein</translation>
    </message>
    <message>
        <source>%1: &quot;expect&quot; must be a list of expectations</source>
        <translation>%1: „expect“ muss eine Liste von Erwartungen sein</translation>
    </message>
    <message>
        <source>%1, expectation %2</source>
        <translation>%1, Erwartung %2</translation>
    </message>
    <message>
        <source>%1 names no server; give one with --server NAME</source>
        <translation>%1 nennt keinen Server; geben Sie einen mit --server NAME an</translation>
    </message>
    <message>
        <source>%1 uses the variable ${%2}, which has no value: give it with --var %2=VALUE or under &quot;variables&quot; in the collection</source>
        <translation>%1 verwendet die Variable ${%2}, die keinen Wert hat: geben Sie ihn mit --var %2=WERT oder unter „variables“ in der Sammlung an</translation>
    </message>
    <message>
        <source>a variable is given as name=value; &quot;%1&quot; is not</source>
        <translation>eine Variable wird als name=wert angegeben; „%1“ ist das nicht</translation>
    </message>
    <message>
        <source>it is %1 MB, more than the %2 MB a collection may have</source>
        <translation>sie ist %1 MB groß, mehr als die %2 MB, die eine Sammlung haben darf</translation>
    </message>
    <message>
        <source>it has %1 calls, more than the %2 a collection may have; split it</source>
        <translation>sie hat %1 Aufrufe, mehr als die %2, die eine Sammlung haben darf; teilen Sie sie auf</translation>
    </message>
    <message>
        <source>filling in the ${variables} of %1 would make the run&apos;s arguments larger than %2 MB (a variable used many times, or a very large value); nothing was run</source>
        <translation>das Einsetzen der ${Variablen} von %1 würde die Argumente des Laufs größer als %2 MB machen (eine vielfach verwendete Variable oder ein sehr großer Wert); nichts wurde ausgeführt</translation>
    </message>
    <message>
        <source>&quot;prompt&quot; must be the text the model is asked</source>
        <translation>&quot;prompt&quot; muss der Text sein, der dem Modell gestellt wird</translation>
    </message>
    <message>
        <source>a prompt has no &quot;%1&quot;: the model chooses the tool and writes the arguments; put what you expect of them under &quot;expectCalls&quot;</source>
        <translation>ein Prompt hat kein &quot;%1&quot;: das Modell wählt das Werkzeug und schreibt die Argumente; was Sie davon erwarten, gehört unter &quot;expectCalls&quot;</translation>
    </message>
    <message>
        <source>&quot;tools&quot; must be a list of tool names, such as [&quot;add&quot;]</source>
        <translation>&quot;tools&quot; muss eine Liste von Werkzeugnamen sein, etwa [&quot;add&quot;]</translation>
    </message>
    <message>
        <source>&quot;runs&quot; must be a whole number from 1 to %1 (how often the prompt is tried)</source>
        <translation>&quot;runs&quot; muss eine ganze Zahl von 1 bis %1 sein (wie oft der Prompt versucht wird)</translation>
    </message>
    <message>
        <source>&quot;expectCalls&quot; must be the list of tool calls expected of the model ([] when it should call none)</source>
        <translation>&quot;expectCalls&quot; muss die Liste der Werkzeugaufrufe sein, die vom Modell erwartet werden ([], wenn es keinen aufrufen soll)</translation>
    </message>
    <message>
        <source>%1, expected call %2</source>
        <translation>%1, erwarteter Aufruf %2</translation>
    </message>
</context>
<context>
    <name>Toolgate::CollectionFiles</name>
    <message>
        <source>cannot create the folder %1</source>
        <translation>der Ordner %1 kann nicht angelegt werden</translation>
    </message>
    <message>
        <source>cannot copy %1 to %2</source>
        <translation>%1 kann nicht nach %2 kopiert werden</translation>
    </message>
</context>
<context>
    <name>Toolgate::CollectionRunner</name>
    <message>
        <source>the call was not made</source>
        <translation>der Aufruf wurde nicht ausgeführt</translation>
    </message>
    <message>
        <source>the tool gave no result (%1): %2</source>
        <translation>das Werkzeug lieferte kein Ergebnis (%1): %2</translation>
    </message>
    <message>
        <source>the run was cancelled</source>
        <translation>der Lauf wurde abgebrochen</translation>
    </message>
    <message>
        <source>the server &quot;%1&quot; is not connected</source>
        <translation>der Server „%1“ ist nicht verbunden</translation>
    </message>
    <message>
        <source>%1 at %2</source>
        <translation>%1 bei %2</translation>
    </message>
    <message>
        <source>this is a prompt for a model, and the run has no model: name one (toolgate-cli run --model NAME)</source>
        <translation>dies ist ein Prompt für ein Modell, und der Lauf hat kein Modell: nennen Sie eines (toolgate-cli run --model NAME)</translation>
    </message>
</context>
<context>
    <name>Toolgate::CollectionsPane</name>
    <message>
        <source>(none: only that it answers)</source>
        <translation>(keine: nur, dass es antwortet)</translation>
    </message>
    <message>
        <source>Collections:</source>
        <translation>Sammlungen:</translation>
    </message>
    <message>
        <source>Collections</source>
        <translation>Sammlungen</translation>
    </message>
    <message>
        <source>New…</source>
        <translation>Neu…</translation>
    </message>
    <message>
        <source>Import…</source>
        <translation>Importieren…</translation>
    </message>
    <message>
        <source>Export…</source>
        <translation>Exportieren…</translation>
    </message>
    <message>
        <source>Delete…</source>
        <translation>Löschen…</translation>
    </message>
    <message>
        <source>Calls of the collection</source>
        <translation>Aufrufe der Sammlung</translation>
    </message>
    <message>
        <source>Call</source>
        <translation>Aufruf</translation>
    </message>
    <message>
        <source>Server</source>
        <translation>Server</translation>
    </message>
    <message>
        <source>Tool</source>
        <translation>Werkzeug</translation>
    </message>
    <message>
        <source>Expectations</source>
        <translation>Erwartungen</translation>
    </message>
    <message>
        <source>Edit Call…</source>
        <translation>Aufruf bearbeiten…</translation>
    </message>
    <message>
        <source>Remove Call</source>
        <translation>Aufruf entfernen</translation>
    </message>
    <message>
        <source>Variables</source>
        <translation>Variablen</translation>
    </message>
    <message>
        <source>Variable</source>
        <translation>Variable</translation>
    </message>
    <message>
        <source>Default</source>
        <translation>Standardwert</translation>
    </message>
    <message>
        <source>Value for this run</source>
        <translation>Wert für diesen Lauf</translation>
    </message>
    <message>
        <source>Leave a value empty to use the default. A value is read as JSON when it is valid JSON (3, true, &quot;text&quot;), otherwise as text.</source>
        <translation>Lassen Sie einen Wert leer, um den Standardwert zu verwenden. Ein Wert wird als JSON gelesen, wenn er gültiges JSON ist (3, true, &quot;Text&quot;), sonst als Text.</translation>
    </message>
    <message>
        <source>&amp;Server:</source>
        <translation>&amp;Server:</translation>
    </message>
    <message>
        <source>Run against each call&apos;s own server, or send every call to another server (to compare two servers or two versions)</source>
        <translation>Gegen den eigenen Server jedes Aufrufs ausführen oder jeden Aufruf an einen anderen Server senden (um zwei Server oder zwei Versionen zu vergleichen)</translation>
    </message>
    <message>
        <source>Run Selected Call</source>
        <translation>Gewählten Aufruf ausführen</translation>
    </message>
    <message>
        <source>Run All</source>
        <translation>Alle ausführen</translation>
    </message>
    <message>
        <source>Cancel Run</source>
        <translation>Lauf abbrechen</translation>
    </message>
    <message>
        <source>%1 (cannot be used)</source>
        <translation>%1 (nicht verwendbar)</translation>
    </message>
    <message>
        <source>No collections yet. Save a call from the tool panel (Save…) or the audit log, or import a collection file.</source>
        <translation>Noch keine Sammlungen. Speichern Sie einen Aufruf aus dem Werkzeugbereich (Speichern…) oder dem Audit-Protokoll, oder importieren Sie eine Sammlungsdatei.</translation>
    </message>
    <message>
        <source>This file cannot be used: %1</source>
        <translation>Diese Datei ist nicht verwendbar: %1</translation>
    </message>
    <message>
        <source>(chosen for the run)</source>
        <translation>(wird für den Lauf gewählt)</translation>
    </message>
    <message>
        <source>Each call&apos;s own server</source>
        <translation>Eigener Server jedes Aufrufs</translation>
    </message>
    <message>
        <source>The collection cannot run: %1</source>
        <translation>Die Sammlung kann nicht ausgeführt werden: %1</translation>
    </message>
    <message>
        <source>Waiting for you to approve the run of &quot;%1&quot;…</source>
        <translation>Warte auf Ihre Freigabe des Laufs von „%1“…</translation>
    </message>
    <message>
        <source>The run of &quot;%1&quot; did not happen: %2</source>
        <translation>Der Lauf von „%1“ fand nicht statt: %2</translation>
    </message>
    <message>
        <source>Collection &quot;%1&quot; passed</source>
        <translation>Sammlung „%1“ bestanden</translation>
    </message>
    <message>
        <source>Collection &quot;%1&quot; FAILED: %2 of %3 calls</source>
        <translation>Sammlung „%1“ FEHLGESCHLAGEN: %2 von %3 Aufrufen</translation>
    </message>
    <message>
        <source>The collection was not saved: %1</source>
        <translation>Die Sammlung wurde nicht gespeichert: %1</translation>
    </message>
    <message>
        <source>New Collection</source>
        <translation>Neue Sammlung</translation>
    </message>
    <message>
        <source>Name of the new collection:</source>
        <translation>Name der neuen Sammlung:</translation>
    </message>
    <message>
        <source>Import Collection</source>
        <translation>Sammlung importieren</translation>
    </message>
    <message>
        <source>Collections (*.json);;All files (*)</source>
        <translation>Sammlungen (*.json);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>This file cannot be imported: %1</source>
        <translation>Diese Datei kann nicht importiert werden: %1</translation>
    </message>
    <message>
        <source>Imported %1</source>
        <translation>%1 importiert</translation>
    </message>
    <message>
        <source>Export Collection</source>
        <translation>Sammlung exportieren</translation>
    </message>
    <message>
        <source>Collections (*.json)</source>
        <translation>Sammlungen (*.json)</translation>
    </message>
    <message>
        <source>Exported to %1</source>
        <translation>Nach %1 exportiert</translation>
    </message>
    <message>
        <source>The collection was not exported: %1</source>
        <translation>Die Sammlung wurde nicht exportiert: %1</translation>
    </message>
    <message>
        <source>Delete Collection</source>
        <translation>Sammlung löschen</translation>
    </message>
    <message>
        <source>Delete the collection &quot;%1&quot;? Its file %2 is removed; this cannot be undone.</source>
        <translation>Die Sammlung „%1“ löschen? Ihre Datei %2 wird entfernt; das lässt sich nicht rückgängig machen.</translation>
    </message>
    <message>
        <source>The file %1 could not be deleted.</source>
        <translation>Die Datei %1 konnte nicht gelöscht werden.</translation>
    </message>
    <message>
        <source>There is no server called &quot;%1&quot; in your servers list. Add it, or change the call to name another server.</source>
        <translation>In Ihrer Serverliste gibt es keinen Server namens „%1“. Fügen Sie ihn hinzu, oder lassen Sie den Aufruf einen anderen Server nennen.</translation>
    </message>
    <message>
        <source>the model calls no tool</source>
        <translation>das Modell ruft kein Werkzeug auf</translation>
    </message>
    <message>
        <source>the model calls: %1</source>
        <translation>das Modell ruft auf: %1</translation>
    </message>
    <message>
        <source>, then </source>
        <translation>, dann </translation>
    </message>
    <message>
        <source>prompt: %1</source>
        <translation>Prompt: %1</translation>
    </message>
</context>
<context>
    <name>Toolgate::CommandRunner</name>
    <message>
        <source>The server lists no skill “%1”; toolgate-cli skills lists those it has.</source>
        <translation>Der Server listet keinen Skill „%1“; toolgate-cli skills listet die vorhandenen.</translation>
    </message>
    <message>
        <source>Several skills are named “%1”: %2. Name one by its URI.</source>
        <translation>Mehrere Skills heißen „%1“: %2. Nennen Sie einen mit seiner URI.</translation>
    </message>
</context>
<context>
    <name>Toolgate::ConfirmationDialog</name>
    <message>
        <source>yes</source>
        <translation>ja</translation>
    </message>
    <message>
        <source>no</source>
        <translation>nein</translation>
    </message>
    <message>
        <source>Approve tool call</source>
        <translation>Werkzeugaufruf freigeben</translation>
    </message>
    <message>
        <source>These arguments do not match what the tool expects</source>
        <translation>Diese Argumente passen nicht zu dem, was das Werkzeug erwartet</translation>
    </message>
    <message>
        <source>Edited arguments cannot be checked: the tool&apos;s schema is unusable (%1).</source>
        <translation>Bearbeitete Argumente können nicht geprüft werden: Das Schema des Werkzeugs ist unbrauchbar (%1).</translation>
    </message>
    <message>
        <source>Allow “%1” to run?</source>
        <translation>„%1“ ausführen lassen?</translation>
    </message>
    <message>
        <source>A call from the command line needs your approval before it is sent to the server.</source>
        <translation>Ein Aufruf von der Kommandozeile braucht Ihre Freigabe, bevor er an den Server gesendet wird.</translation>
    </message>
    <message>
        <source>The app shown in a tool result wants to make this call. It needs your approval before it is sent to the server.</source>
        <translation>Die App in einem Werkzeugergebnis möchte diesen Aufruf machen. Er braucht Ihre Freigabe, bevor er an den Server gesendet wird.</translation>
    </message>
    <message>
        <source>This tool call needs your approval before it is sent to the server.</source>
        <translation>Dieser Werkzeugaufruf braucht Ihre Freigabe, bevor er an den Server gesendet wird.</translation>
    </message>
    <message>
        <source>Server</source>
        <translation>Server</translation>
    </message>
    <message>
        <source>URL</source>
        <translation>URL</translation>
    </message>
    <message>
        <source>Command</source>
        <translation>Befehl</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>%1, version %2</source>
        <translation>%1, Version %2</translation>
    </message>
    <message>
        <source>Self-reported by the server, not verified.</source>
        <translation>Vom Server selbst angegeben, nicht überprüft.</translation>
    </message>
    <message>
        <source>Identifies as</source>
        <translation>Gibt sich aus als</translation>
    </message>
    <message>
        <source>Tool</source>
        <translation>Werkzeug</translation>
    </message>
    <message>
        <source>Description</source>
        <translation>Beschreibung</translation>
    </message>
    <message>
        <source>The server claims (unverified)</source>
        <translation>Der Server behauptet (nicht überprüft)</translation>
    </message>
    <message>
        <source>Title</source>
        <translation>Titel</translation>
    </message>
    <message>
        <source>Only reads, changes nothing</source>
        <translation>Liest nur, ändert nichts</translation>
    </message>
    <message>
        <source>May delete or overwrite data</source>
        <translation>Kann Daten löschen oder überschreiben</translation>
    </message>
    <message>
        <source>Safe to repeat</source>
        <translation>Wiederholen unbedenklich</translation>
    </message>
    <message>
        <source>Reaches outside systems</source>
        <translation>Erreicht Systeme außerhalb</translation>
    </message>
    <message>
        <source>The server makes no claims about this tool.</source>
        <translation>Der Server macht zu diesem Werkzeug keine Angaben.</translation>
    </message>
    <message>
        <source>These hints come from the server itself. Toolgate cannot check them, so they should not decide your answer.</source>
        <translation>Diese Hinweise stammen vom Server selbst. Toolgate kann sie nicht prüfen, daher sollten sie Ihre Antwort nicht bestimmen.</translation>
    </message>
    <message>
        <source>Arguments that will be sent</source>
        <translation>Argumente, die gesendet werden</translation>
    </message>
    <message>
        <source>Edit arguments</source>
        <translation>Argumente bearbeiten</translation>
    </message>
    <message>
        <source>Edited: these arguments will be sent instead of the original ones.</source>
        <translation>Bearbeitet: Diese Argumente werden statt der ursprünglichen gesendet.</translation>
    </message>
    <message>
        <source>Reason for denying (optional)</source>
        <translation>Grund der Ablehnung (optional)</translation>
    </message>
    <message>
        <source>Reason for denying</source>
        <translation>Grund der Ablehnung</translation>
    </message>
    <message>
        <source>Always allow this tool</source>
        <translation>Dieses Werkzeug immer zulassen</translation>
    </message>
    <message>
        <source>Never ask again for this tool of this server (until you revoke it)</source>
        <translation>Für dieses Werkzeug dieses Servers nie mehr fragen (bis Sie es widerrufen)</translation>
    </message>
    <message>
        <source>Allow for this session</source>
        <translation>Für diese Sitzung zulassen</translation>
    </message>
    <message>
        <source>Do not ask again for this tool until Toolgate quits</source>
        <translation>Für dieses Werkzeug nicht mehr fragen, bis Toolgate beendet wird</translation>
    </message>
    <message>
        <source>Deny</source>
        <translation>Ablehnen</translation>
    </message>
    <message>
        <source>Allow once</source>
        <translation>Einmal zulassen</translation>
    </message>
    <message>
        <source>1 more call is waiting for your decision after this one.</source>
        <translation>Nach diesem wartet noch 1 Aufruf auf Ihre Entscheidung.</translation>
    </message>
    <message>
        <source>%1 more calls are waiting for your decision after this one.</source>
        <translation>Nach diesem warten noch %1 Aufrufe auf Ihre Entscheidung.</translation>
    </message>
    <message>
        <source>Fix the arguments first: they are not a valid JSON object</source>
        <translation>Korrigieren Sie zuerst die Argumente: Sie sind kein gültiges JSON-Objekt</translation>
    </message>
    <message>
        <source>Some of the server&apos;s text is hidden from view or disguised. Hidden characters are shown as highlighted escapes below. Read it before you decide:</source>
        <translation>Ein Teil des Texts vom Server ist verborgen oder getarnt. Unsichtbare Zeichen werden unten als hervorgehobene Escape-Folgen gezeigt. Lesen Sie ihn, bevor Sie entscheiden:</translation>
    </message>
    <message>
        <source>Spelled out: </source>
        <translation>Buchstabiert: </translation>
    </message>
    <message>
        <source>Requested by the model in conversation «%1». It needs your approval before it is sent to the server.</source>
        <translation>Vom Modell im Gespräch «%1» angefordert. Der Aufruf braucht Ihre Freigabe, bevor er an den Server gesendet wird.</translation>
    </message>
    <message>
        <source>Some arguments repeat text that another server sent earlier in this conversation. Make sure it is meant to go to «%1»:</source>
        <translation>Einige Argumente wiederholen Text, den ein anderer Server zuvor in diesem Gespräch gesendet hat. Vergewissern Sie sich, dass er an «%1» gehen soll:</translation>
    </message>
    <message>
        <source>%1 (“%2”)</source>
        <translation>%1 („%2“)</translation>
    </message>
    <message>
        <source>%1: this value appeared in the resource %2 on server «%3».</source>
        <translation>%1: Dieser Wert stand in der Ressource %2 auf dem Server «%3».</translation>
    </message>
    <message>
        <source>%1: this value appeared in the result of `%2` on server «%3».</source>
        <translation>%1: Dieser Wert stand im Ergebnis von `%2` auf dem Server «%3».</translation>
    </message>
    <message>
        <source>%1: this value appeared in the result of `%2` on server «%3», call #%4.</source>
        <translation>%1: Dieser Wert stand im Ergebnis von `%2` auf dem Server «%3», Aufruf #%4.</translation>
    </message>
    <message>
        <source>Allow for This Conversation</source>
        <translation>Für diese Unterhaltung zulassen</translation>
    </message>
    <message>
        <source>Do not ask again for this tool when the model calls it in this conversation, until Toolgate quits or the conversation is deleted</source>
        <translation>Für dieses Werkzeug nicht mehr fragen, wenn das Modell es in dieser Unterhaltung aufruft, bis Toolgate beendet oder die Unterhaltung gelöscht wird</translation>
    </message>
    <message>
        <source>This tool runs as a long task: it keeps running after you close this window; you can follow or cancel it in Tasks.</source>
        <translation>Dieses Werkzeug läuft als lange Aufgabe: Es läuft weiter, nachdem Sie dieses Fenster geschlossen haben; unter „Aufgaben“ können Sie es verfolgen oder abbrechen.</translation>
    </message>
</context>
<context>
    <name>Toolgate::ConnectionAuditor</name>
    <message>
        <source>stopped</source>
        <translation>gestoppt</translation>
    </message>
    <message>
        <source>disabled in the configuration</source>
        <translation>in der Konfiguration deaktiviert</translation>
    </message>
    <message>
        <source>trusted what it runs</source>
        <translation>dem vertraut, was er ausführt</translation>
    </message>
    <message>
        <source>not trusted, so not started</source>
        <translation>nicht vertraut, daher nicht gestartet</translation>
    </message>
    <message>
        <source>not started until someone trusts what it runs</source>
        <translation>nicht gestartet, bis jemand dem vertraut, was er ausführt</translation>
    </message>
    <message>
        <source>connected to %1 through the sandbox&apos;s proxy</source>
        <translation>über den Proxy der Sandbox mit %1 verbunden</translation>
    </message>
    <message>
        <source>refused a connection to %1: not in the sandbox&apos;s list of hosts</source>
        <translation>Verbindung zu %1 abgewiesen: nicht in der Host-Liste der Sandbox</translation>
    </message>
</context>
<context>
    <name>Toolgate::ConnectionDoctor</name>
    <message>
        <source>%1 belongs to one Node version installed by nvm: &quot;nvm use&quot; does not change which Node the server gets, and uninstalling that version breaks the server.</source>
        <translation>%1 gehört zu einer einzelnen mit nvm installierten Node-Version: „nvm use“ ändert nicht, welches Node der Server bekommt, und das Deinstallieren dieser Version macht den Server kaputt.</translation>
    </message>
    <message>
        <source>%1 is a Volta shim: it picks the Node version from the project in the server&apos;s working directory.</source>
        <translation>%1 ist ein Volta-Shim: Er wählt die Node-Version nach dem Projekt im Arbeitsordner des Servers.</translation>
    </message>
    <message>
        <source>%1 is a version manager&apos;s shim: it picks the version from the server&apos;s working directory and the manager&apos;s settings.</source>
        <translation>%1 ist ein Shim eines Versionsmanagers: Er wählt die Version nach dem Arbeitsordner des Servers und den Einstellungen des Managers.</translation>
    </message>
    <message>
        <source>%1 fetches the server&apos;s package before running it: the first start can take much longer than later ones.</source>
        <translation>%1 lädt das Paket des Servers, bevor es ihn ausführt: Der erste Start kann viel länger dauern als spätere.</translation>
    </message>
    <message>
        <source>Command</source>
        <translation>Befehl</translation>
    </message>
    <message>
        <source>Command holds a whole command line: the program is &quot;%1&quot;, and %2 belong in Arguments, one argument each (the checks below treat them so).</source>
        <translation>„Befehl“ enthält eine ganze Befehlszeile: Das Programm ist „%1“, und %2 gehören unter „Argumente“, ein Argument pro Zeile (die Prüfungen unten behandeln sie so).</translation>
    </message>
    <message>
        <source>Program</source>
        <translation>Programm</translation>
    </message>
    <message>
        <source>%1 exists and is a program.</source>
        <translation>%1 existiert und ist ein Programm.</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is %2 on the PATH the server gets.</source>
        <translation>„%1“ ist %2 im PATH, den der Server bekommt.</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>Start</translation>
    </message>
    <message>
        <source>Not started, because nobody trusted what it runs yet: trust it to let the doctor see what it does when it runs.</source>
        <translation>Nicht gestartet, weil noch niemand dem vertraut hat, was er ausführt: Vertrauen Sie ihm, damit der Doktor sehen kann, was er beim Ausführen tut.</translation>
    </message>
    <message>
        <source>Arguments</source>
        <translation>Argumente</translation>
    </message>
    <message>
        <source>The argument &quot;%1&quot; names a file that does not exist (looked for %2): check it for a typo, and give the full path or set the working directory.</source>
        <translation>Das Argument „%1“ nennt eine Datei, die es nicht gibt (gesucht wurde %2): Prüfen Sie es auf Tippfehler, und geben Sie den vollständigen Pfad an oder legen Sie den Arbeitsordner fest.</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is %2 on your login shell&apos;s PATH, but not on the PATH the server gets (%3): put %2 in Command.</source>
        <translation>„%1“ ist %2 im PATH Ihrer Login-Shell, aber nicht im PATH, den der Server bekommt (%3): Tragen Sie %2 unter „Befehl“ ein.</translation>
    </message>
    <message>
        <source>It ended without answering initialize and without saying why.</source>
        <translation>Er hat sich beendet, ohne auf initialize zu antworten und ohne den Grund zu nennen.</translation>
    </message>
    <message>
        <source>It wrote nothing to standard output within %1 s of being asked to initialize: it may be waiting for something else (a network port, a sign-in), or it is no MCP server.</source>
        <translation>Er hat innerhalb von %1 s nach der Bitte um initialize nichts auf die Standardausgabe geschrieben: Vielleicht wartet er auf etwas anderes (einen Netzwerk-Port, eine Anmeldung), oder er ist kein MCP-Server.</translation>
    </message>
    <message>
        <source>It did not answer initialize within %1 s.</source>
        <translation>Er hat innerhalb von %1 s nicht auf initialize geantwortet.</translation>
    </message>
    <message>
        <source>Output</source>
        <translation>Ausgabe</translation>
    </message>
    <message>
        <source>Its first line on standard output is not JSON-RPC: &quot;%1&quot;. A server over stdio writes only JSON-RPC messages there: this is no MCP server, or it prints text to standard output that belongs on standard error.</source>
        <translation>Seine erste Zeile auf der Standardausgabe ist kein JSON-RPC: „%1“. Ein Server über stdio schreibt dort nur JSON-RPC-Nachrichten: Dies ist kein MCP-Server, oder er gibt auf der Standardausgabe Text aus, der auf die Standardfehlerausgabe gehört.</translation>
    </message>
    <message>
        <source>Its output is JSON-RPC.</source>
        <translation>Seine Ausgabe ist JSON-RPC.</translation>
    </message>
    <message>
        <source>It refused initialize because it speaks only a newer MCP revision (%1): set its protocol era to Auto or Modern.</source>
        <translation>Er hat initialize abgewiesen, weil er nur eine neuere MCP-Version spricht (%1): Stellen Sie seine Protokoll-Ära auf Auto oder Modern.</translation>
    </message>
    <message>
        <source>It answered initialize with an error: %1 (code %2).</source>
        <translation>Er hat auf initialize mit einem Fehler geantwortet: %1 (Code %2).</translation>
    </message>
    <message>
        <source>It answered initialize: %1 %2, MCP %3%4.</source>
        <translation>Er hat auf initialize geantwortet: %1 %2, MCP %3%4.</translation>
    </message>
    <message>
        <source>, a revision Toolgate does not support</source>
        <translation>, eine Version, die Toolgate nicht unterstützt</translation>
    </message>
    <message>
        <source>It stopped before answering initialize: %1.</source>
        <translation>Er hat sich beendet, bevor er auf initialize antwortete: %1.</translation>
    </message>
    <message>
        <source>It stopped before answering initialize: %1, after writing to standard error: &quot;%2&quot;.</source>
        <translation>Er hat sich beendet, bevor er auf initialize antwortete: %1, nachdem er auf die Standardfehlerausgabe geschrieben hatte: „%2“.</translation>
    </message>
    <message>
        <source>Answer</source>
        <translation>Antwort</translation>
    </message>
    <message>
        <source>Its first lines on standard output: %1</source>
        <translation>Seine ersten Zeilen auf der Standardausgabe: %1</translation>
    </message>
    <message>
        <source>Its first lines on standard error: %1</source>
        <translation>Seine ersten Zeilen auf der Standardfehlerausgabe: %1</translation>
    </message>
    <message>
        <source>Address</source>
        <translation>Adresse</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is no http:// or https:// address.</source>
        <translation>„%1“ ist keine Adresse mit http:// oder https://.</translation>
    </message>
    <message>
        <source>%1 port %2 gave no answer within %3 s: check the address, and a firewall or proxy on the way.</source>
        <translation>%1 Port %2 hat innerhalb von %3 s nicht geantwortet: Prüfen Sie die Adresse sowie eine Firewall oder einen Proxy auf dem Weg.</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>The name &quot;%1&quot; could not be resolved to an address: check the URL for a typo, and your network or VPN.</source>
        <translation>Der Name „%1“ konnte nicht in eine Adresse aufgelöst werden: Prüfen Sie die URL auf Tippfehler sowie Ihr Netzwerk oder VPN.</translation>
    </message>
    <message>
        <source>Connection</source>
        <translation>Verbindung</translation>
    </message>
    <message>
        <source>Nothing accepts connections at %1 port %2 (the connection was refused): check that the server is running and listens on that port.</source>
        <translation>Bei %1 Port %2 nimmt niemand Verbindungen an (die Verbindung wurde abgewiesen): Prüfen Sie, ob der Server läuft und auf diesem Port lauscht.</translation>
    </message>
    <message>
        <source>TLS</source>
        <translation>TLS</translation>
    </message>
    <message>
        <source>The secure connection (TLS) to %1 failed: %2. Check the server&apos;s certificate, or whether it speaks plain http://.</source>
        <translation>Die sichere Verbindung (TLS) zu %1 ist fehlgeschlagen: %2. Prüfen Sie das Zertifikat des Servers, oder ob er einfaches http:// spricht.</translation>
    </message>
    <message>
        <source>%1 port %2 closed the connection without answering: is it an HTTP server, and is the scheme (http or https) right?</source>
        <translation>%1 Port %2 hat die Verbindung ohne Antwort geschlossen: Ist es ein HTTP-Server, und stimmt das Schema (http oder https)?</translation>
    </message>
    <message>
        <source>The proxy refused or failed the connection to %1: %2.</source>
        <translation>Der Proxy hat die Verbindung zu %1 abgewiesen oder ist daran gescheitert: %2.</translation>
    </message>
    <message>
        <source>The request to %1 failed: %2.</source>
        <translation>Die Anfrage an %1 ist fehlgeschlagen: %2.</translation>
    </message>
    <message>
        <source>%1 port %2 accepted a secure (TLS) connection.</source>
        <translation>%1 Port %2 hat eine sichere (TLS-)Verbindung angenommen.</translation>
    </message>
    <message>
        <source>%1 port %2 accepted the connection.</source>
        <translation>%1 Port %2 hat die Verbindung angenommen.</translation>
    </message>
    <message>
        <source>The endpoint asks for sign-in (HTTP %1) and names its sign-in metadata at %2: Toolgate signs in with OAuth when you connect.</source>
        <translation>Der Endpunkt verlangt eine Anmeldung (HTTP %1) und nennt seine Anmelde-Metadaten unter %2: Toolgate meldet sich beim Verbinden mit OAuth an.</translation>
    </message>
    <message>
        <source>The endpoint refuses the request (HTTP %1) without naming sign-in metadata: it wants a token in a header (see the server&apos;s documentation) or a sign-in Toolgate cannot discover.</source>
        <translation>Der Endpunkt weist die Anfrage ab (HTTP %1), ohne Anmelde-Metadaten zu nennen: Er will ein Token in einem Header (siehe die Dokumentation des Servers) oder eine Anmeldung, die Toolgate nicht selbst herausfinden kann.</translation>
    </message>
    <message>
        <source>The server answered HTTP %1 at this path: its MCP endpoint is elsewhere (often /mcp, or /sse for servers of the older HTTP+SSE kind).</source>
        <translation>Der Server hat unter diesem Pfad mit HTTP %1 geantwortet: Sein MCP-Endpunkt liegt woanders (oft /mcp, oder /sse bei Servern der älteren Art HTTP+SSE).</translation>
    </message>
    <message>
        <source>The endpoint answered initialize with HTTP %1 %2: &quot;%3&quot;.</source>
        <translation>Der Endpunkt hat auf initialize mit HTTP %1 %2 geantwortet: „%3“.</translation>
    </message>
    <message>
        <source>The endpoint answered HTTP %1, but not with a JSON-RPC answer to initialize: &quot;%2&quot;.</source>
        <translation>Der Endpunkt hat mit HTTP %1 geantwortet, aber nicht mit einer JSON-RPC-Antwort auf initialize: „%2“.</translation>
    </message>
    <message>
        <source>Session</source>
        <translation>Sitzung</translation>
    </message>
    <message>
        <source>It keeps a session for each client (Mcp-Session-Id).</source>
        <translation>Er führt für jeden Client eine Sitzung (Mcp-Session-Id).</translation>
    </message>
    <message>
        <source>Connection Doctor: %1</source>
        <translation>Verbindungsdoktor: %1</translation>
    </message>
    <message>
        <source>ok</source>
        <translation>ok</translation>
    </message>
    <message>
        <source>PROBLEM</source>
        <translation>PROBLEM</translation>
    </message>
    <message>
        <source>note</source>
        <translation>Hinweis</translation>
    </message>
    <message>
        <source>No problem found.</source>
        <translation>Kein Problem gefunden.</translation>
    </message>
    <message>
        <source>Problem: %1</source>
        <translation>Problem: %1</translation>
    </message>
</context>
<context>
    <name>Toolgate::ConsoleView</name>
    <message>
        <source>output</source>
        <translation>Ausgabe</translation>
    </message>
    <message>
        <source>toolgate</source>
        <translation>toolgate</translation>
    </message>
    <message>
        <source>protocol</source>
        <translation>Protokoll</translation>
    </message>
    <message>
        <source>Select a server to see its output.</source>
        <translation>Wählen Sie einen Server, um seine Ausgabe zu sehen.</translation>
    </message>
    <message>
        <source>&lt;p&gt;What the selected server shows while it runs:&lt;/p&gt;&lt;p&gt;&lt;b&gt;output&lt;/b&gt;: what the server program printed for people to read (its error output, &quot;stderr&quot;), often its own log.&lt;br&gt;&lt;b&gt;debug … emergency&lt;/b&gt;: log messages the server sent, by importance.&lt;br&gt;&lt;b&gt;toolgate&lt;/b&gt;: Toolgate&apos;s notes, such as starting and stopping.&lt;br&gt;&lt;b&gt;protocol&lt;/b&gt;: messages that break the rules of MCP (JSON-RPC, the message format MCP uses), which Toolgate ignored.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Was der gewählte Server während der Ausführung zeigt:&lt;/p&gt;&lt;p&gt;&lt;b&gt;Ausgabe&lt;/b&gt;: was das Serverprogramm für Menschen ausgegeben hat (seine Fehlerausgabe, „stderr“), oft sein eigenes Log.&lt;br&gt;&lt;b&gt;debug … emergency&lt;/b&gt;: Log-Meldungen, die der Server gesendet hat, nach Wichtigkeit.&lt;br&gt;&lt;b&gt;toolgate&lt;/b&gt;: Notizen von Toolgate, etwa zu Start und Stopp.&lt;br&gt;&lt;b&gt;Protokoll&lt;/b&gt;: Nachrichten, die gegen die Regeln von MCP verstoßen (JSON-RPC, das Nachrichtenformat von MCP) und die Toolgate ignoriert hat.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Server console</source>
        <translation>Serverkonsole</translation>
    </message>
    <message>
        <source>Clear the console view</source>
        <translation>Die Konsolenansicht leeren</translation>
    </message>
    <message>
        <source>No server selected</source>
        <translation>Kein Server gewählt</translation>
    </message>
    <message>
        <source>Output of %1</source>
        <translation>Ausgabe von %1</translation>
    </message>
</context>
<context>
    <name>Toolgate::ContentList</name>
    <message>
        <source>Content</source>
        <translation>Inhalt</translation>
    </message>
    <message>
        <source>No content.</source>
        <translation>Kein Inhalt.</translation>
    </message>
</context>
<context>
    <name>Toolgate::ContentView</name>
    <message>
        <source>Sent as binary data; shown as text because it is valid UTF-8 text.</source>
        <translation>Als Binärdaten gesendet; als Text gezeigt, weil es gültiger UTF-8-Text ist.</translation>
    </message>
    <message>
        <source>Audience: </source>
        <translation>Zielgruppe: </translation>
    </message>
    <message>
        <source>Priority: </source>
        <translation>Priorität: </translation>
    </message>
    <message>
        <source>Modified: </source>
        <translation>Geändert: </translation>
    </message>
    <message>
        <source>Text</source>
        <translation>Text</translation>
    </message>
    <message>
        <source>Image</source>
        <translation>Bild</translation>
    </message>
    <message>
        <source>Audio</source>
        <translation>Audio</translation>
    </message>
    <message>
        <source>Embedded resource</source>
        <translation>Eingebettete Ressource</translation>
    </message>
    <message>
        <source>Resource link</source>
        <translation>Ressourcen-Link</translation>
    </message>
    <message>
        <source>Unknown content</source>
        <translation>Unbekannter Inhalt</translation>
    </message>
    <message>
        <source>Unknown content type “%1”</source>
        <translation>Unbekannte Inhaltsart „%1“</translation>
    </message>
    <message>
        <source>Resource</source>
        <translation>Ressource</translation>
    </message>
</context>
<context>
    <name>Toolgate::ConversationStore</name>
    <message>
        <source>%1 could not be read: %2</source>
        <translation>%1 konnte nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>%1 is not a conversations file (%2); it is left as it is, and conversations are not saved until it is moved away</source>
        <translation>%1 ist keine Unterhaltungsdatei (%2); sie bleibt, wie sie ist, und Unterhaltungen werden nicht gespeichert, bis sie beiseitegelegt wird</translation>
    </message>
    <message>
        <source>there is no such conversation</source>
        <translation>diese Unterhaltung gibt es nicht</translation>
    </message>
    <message>
        <source>%1 could not be read, so it is not written over; move it away to keep conversations</source>
        <translation>%1 konnte nicht gelesen werden und wird daher nicht überschrieben; legen Sie die Datei beiseite, um Unterhaltungen zu speichern</translation>
    </message>
</context>
<context>
    <name>Toolgate::ConversationTurn</name>
    <message>
        <source>The conversation no longer fits the model&apos;s context of %1 tokens: it needs about %2 even with every tool result shortened, so nothing was sent. Start a new conversation, or raise the context limit in Settings › Models if the model takes more.</source>
        <translation>Die Unterhaltung passt nicht mehr in den Kontext des Modells von %1 Token: Sie braucht etwa %2, selbst wenn jedes Werkzeugergebnis gekürzt ist, daher wurde nichts gesendet. Beginnen Sie eine neue Unterhaltung, oder erhöhen Sie die Kontextgrenze unter Einstellungen › Modelle, wenn das Modell mehr verträgt.</translation>
    </message>
</context>
<context>
    <name>Toolgate::DefinitionChange</name>
    <message>
        <source>the name</source>
        <translation>der Name</translation>
    </message>
    <message>
        <source>the title</source>
        <translation>der Titel</translation>
    </message>
    <message>
        <source>the description</source>
        <translation>die Beschreibung</translation>
    </message>
    <message>
        <source>the input schema</source>
        <translation>das Eingabeschema</translation>
    </message>
    <message>
        <source>the output schema</source>
        <translation>das Ausgabeschema</translation>
    </message>
    <message>
        <source>the annotations</source>
        <translation>die Hinweise</translation>
    </message>
    <message>
        <source>The server changed this tool since you approved it. What changed: %1.</source>
        <translation>Der Server hat dieses Werkzeug geändert, seit Sie es erlaubt haben. Geändert: %1.</translation>
    </message>
    <message>
        <source>The server changed this tool since you approved it on %2. What changed: %1.</source>
        <translation>Der Server hat dieses Werkzeug geändert, seit Sie es am %2 erlaubt haben. Geändert: %1.</translation>
    </message>
    <message numerus="yes">
        <source>… %n more line(s)</source>
        <translation>
            <numerusform>… %n weitere Zeile</numerusform>
            <numerusform>… %n weitere Zeilen</numerusform>
        </translation>
    </message>
    <message>
        <source>how it runs (execution)</source>
        <translation>wie es ausgeführt wird (execution)</translation>
    </message>
    <message>
        <source>the icons</source>
        <translation>die Symbole</translation>
    </message>
    <message>
        <source>its metadata (_meta, e.g. an app view)</source>
        <translation>seine Metadaten (_meta, z. B. eine App-Ansicht)</translation>
    </message>
    <message numerus="yes">
        <source>[%n character(s)] </source>
        <translation>
            <numerusform>[%n Zeichen] </numerusform>
            <numerusform>[%n Zeichen] </numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> [%n more character(s)]</source>
        <translation>
            <numerusform> [%n weiteres Zeichen]</numerusform>
            <numerusform> [%n weitere Zeichen]</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>… %n unchanged line(s)</source>
        <translation>
            <numerusform>… %n unveränderte Zeile</numerusform>
            <numerusform>… %n unveränderte Zeilen</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Toolgate::DefinitionChangeView</name>
    <message>
        <source>This tool changed since you approved it</source>
        <translation>Dieses Werkzeug hat sich geändert, seit Sie es erlaubt haben</translation>
    </message>
    <message>
        <source>What you allowed before no longer applies: read the changes before you decide.</source>
        <translation>Was Sie früher erlaubt haben, gilt nicht mehr: Lesen Sie die Änderungen, bevor Sie entscheiden.</translation>
    </message>
    <message>
        <source>Changes to %1 (− before, + now):</source>
        <translation>Änderungen an %1 (− vorher, + jetzt):</translation>
    </message>
    <message numerus="yes">
        <source>Another server also offers a tool named “%1”: %2. Make sure this is the server you mean.</source>
        <translation>
            <numerusform>Ein weiterer Server bietet auch ein Werkzeug namens „%1“ an: %2. Prüfen Sie, ob dies der gemeinte Server ist.</numerusform>
            <numerusform>Weitere Server bieten auch ein Werkzeug namens „%1“ an: %2. Prüfen Sie, ob dies der gemeinte Server ist.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Toolgate::DialogApprovalGate</name>
    <message>
        <source>Toolgate closed before you decided</source>
        <translation>Toolgate wurde beendet, bevor Sie entschieden haben</translation>
    </message>
    <message>
        <source>There is no window to ask in</source>
        <translation>Es gibt kein Fenster, in dem gefragt werden kann</translation>
    </message>
    <message>
        <source>The confirmation dialog closed without a decision</source>
        <translation>Der Bestätigungsdialog wurde ohne Entscheidung geschlossen</translation>
    </message>
    <message>
        <source>no context to answer on</source>
        <translation>kein Kontext, in dem geantwortet werden könnte</translation>
    </message>
    <message>
        <source>Another question was still open</source>
        <translation>Eine andere Frage war noch offen</translation>
    </message>
</context>
<context>
    <name>Toolgate::DisplayText</name>
    <message numerus="yes">
        <source> … (%n more characters)</source>
        <translation>
            <numerusform> … (%n weiteres Zeichen)</numerusform>
            <numerusform> … (%n weitere Zeichen)</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>%1 min</source>
        <translation>%1 min</translation>
    </message>
    <message>
        <source>%1 min %2 s</source>
        <translation>%1 min %2 s</translation>
    </message>
    <message>
        <source>%1 h</source>
        <translation>%1 h</translation>
    </message>
    <message>
        <source>%1 h %2 min</source>
        <translation>%1 h %2 min</translation>
    </message>
</context>
<context>
    <name>Toolgate::DoctorDialog</name>
    <message>
        <source>Copy Report</source>
        <translation>Bericht kopieren</translation>
    </message>
    <message>
        <source>Connection Doctor — %1</source>
        <translation>Verbindungsdoktor — %1</translation>
    </message>
    <message>
        <source>Checks how this server is started or reached, step by step, and says what is wrong.</source>
        <translation>Prüft Schritt für Schritt, wie dieser Server gestartet oder erreicht wird, und sagt, was nicht stimmt.</translation>
    </message>
    <message>
        <source>Checks how this server is started, without starting it: nobody trusted what it runs yet.</source>
        <translation>Prüft, wie dieser Server gestartet wird, ohne ihn zu starten: Noch niemand hat dem vertraut, was er ausführt.</translation>
    </message>
    <message>
        <source>Checking…</source>
        <translation>Prüfe …</translation>
    </message>
</context>
<context>
    <name>Toolgate::DpopProver</name>
    <message>
        <source>the key for proof of possession (DPoP) could not be made or read</source>
        <translation>der Schlüssel für den Besitznachweis (DPoP) konnte nicht erzeugt oder gelesen werden</translation>
    </message>
    <message>
        <source>this build of Toolgate cannot prove possession of a key (DPoP): it was built without OpenSSL</source>
        <translation>dieser Build von Toolgate kann den Besitz eines Schlüssels nicht nachweisen (DPoP): er wurde ohne OpenSSL gebaut</translation>
    </message>
</context>
<context>
    <name>Toolgate::EditCallDialog</name>
    <message>
        <source>Edit Saved Call</source>
        <translation>Gespeicherten Aufruf bearbeiten</translation>
    </message>
</context>
<context>
    <name>Toolgate::Elicitation</name>
    <message>
        <source>URL-mode elicitation needs a url</source>
        <translation>eine Elicitation im URL-Modus braucht eine url</translation>
    </message>
    <message>
        <source>URL-mode elicitation needs an http or https address</source>
        <translation>eine Elicitation im URL-Modus braucht eine http- oder https-Adresse</translation>
    </message>
    <message>
        <source>elicitation mode &quot;%1&quot; is not one of form, url</source>
        <translation>der Elicitation-Modus &quot;%1&quot; ist weder form noch url</translation>
    </message>
    <message>
        <source>form-mode elicitation needs a requestedSchema object</source>
        <translation>eine Elicitation im Formular-Modus braucht ein Objekt requestedSchema</translation>
    </message>
</context>
<context>
    <name>Toolgate::ElicitationDialog</name>
    <message>
        <source>%1 needs you to open a link before it can do what you asked</source>
        <translation>%1 braucht Sie, um einen Link zu öffnen, bevor es tun kann, worum Sie gebeten haben</translation>
    </message>
    <message>
        <source>%1 asks you to open a link</source>
        <translation>%1 bittet Sie, einen Link zu öffnen</translation>
    </message>
    <message>
        <source>%1 asks you for information</source>
        <translation>%1 bittet Sie um Angaben</translation>
    </message>
    <message>
        <source>%1 asks for information</source>
        <translation>%1 bittet um Angaben</translation>
    </message>
    <message>
        <source>(The server gave no message.)</source>
        <translation>(Der Server hat keine Nachricht angegeben.)</translation>
    </message>
    <message>
        <source>The server&apos;s message:</source>
        <translation>Die Nachricht des Servers:</translation>
    </message>
    <message>
        <source>&amp;Cancel</source>
        <translation>&amp;Abbrechen</translation>
    </message>
    <message>
        <source>Dismiss without deciding; the server may ask again.</source>
        <translation>Ohne Entscheidung schließen; der Server fragt vielleicht erneut.</translation>
    </message>
    <message>
        <source>&amp;Decline</source>
        <translation>A&amp;blehnen</translation>
    </message>
    <message>
        <source>Refuse: the server is told you do not want to do this.</source>
        <translation>Verweigern: Der Server erfährt, dass Sie das nicht möchten.</translation>
    </message>
    <message>
        <source>&amp;Not Now</source>
        <translation>&amp;Nicht jetzt</translation>
    </message>
    <message>
        <source>Close without opening the link. Your request stays undone until the step is finished.</source>
        <translation>Schließen, ohne den Link zu öffnen. Ihre Anfrage bleibt unerledigt, bis der Schritt abgeschlossen ist.</translation>
    </message>
    <message>
        <source>&amp;Open in Browser</source>
        <translation>Im &amp;Browser öffnen</translation>
    </message>
    <message>
        <source>&amp;Accept</source>
        <translation>A&amp;nnehmen</translation>
    </message>
    <message>
        <source>Opens a page on %1</source>
        <translation>Öffnet eine Seite auf %1</translation>
    </message>
    <message>
        <source>This is not a web link Toolgate can open.</source>
        <translation>Dies ist kein Weblink, den Toolgate öffnen kann.</translation>
    </message>
    <message>
        <source>Nothing has been loaded. Open the link only if you trust %1 and expected this request; you finish the step in your browser, not here.</source>
        <translation>Es wurde nichts geladen. Öffnen Sie den Link nur, wenn Sie %1 vertrauen und diese Anfrage erwartet haben; Sie schließen den Schritt in Ihrem Browser ab, nicht hier.</translation>
    </message>
    <message>
        <source>Only http and https links are opened. Decline or cancel this request.</source>
        <translation>Nur http- und https-Links werden geöffnet. Lehnen Sie diese Anfrage ab oder brechen Sie sie ab.</translation>
    </message>
    <message>
        <source>Nothing has been loaded. Open the link only if you trust %1 and expected this. When you have finished in your browser, run your request again (Run Again below its result); Toolgate does not repeat it by itself.</source>
        <translation>Es wurde nichts geladen. Öffnen Sie den Link nur, wenn Sie %1 vertrauen und dies erwartet haben. Wenn Sie im Browser fertig sind, führen Sie Ihre Anfrage erneut aus („Erneut ausführen“ unter ihrem Ergebnis); Toolgate wiederholt sie nicht von selbst.</translation>
    </message>
    <message>
        <source>Only http and https links are opened.</source>
        <translation>Nur http- und https-Links werden geöffnet.</translation>
    </message>
    <message>
        <source>Fix these before you accept</source>
        <translation>Beheben Sie dies, bevor Sie annehmen</translation>
    </message>
    <message>
        <source>This answer cannot be sent</source>
        <translation>Diese Antwort kann nicht gesendet werden</translation>
    </message>
    <message>
        <source>Could not open the browser — try again</source>
        <translation>Der Browser konnte nicht geöffnet werden – bitte erneut versuchen</translation>
    </message>
    <message>
        <source>Accept becomes available once every required answer is filled in and each answer is valid.</source>
        <translation>„Annehmen“ wird verfügbar, sobald jede Pflichtangabe ausgefüllt und jede Angabe gültig ist.</translation>
    </message>
</context>
<context>
    <name>Toolgate::EnumFieldEditor</name>
    <message>
        <source>Choose…</source>
        <translation>Auswählen…</translation>
    </message>
    <message>
        <source>Not set</source>
        <translation>Nicht gesetzt</translation>
    </message>
    <message>
        <source>%1 (not an allowed value)</source>
        <translation>%1 (kein erlaubter Wert)</translation>
    </message>
</context>
<context>
    <name>Toolgate::EraCache</name>
    <message>
        <source>cannot read %1: %2</source>
        <translation>%1 kann nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>%1 is not a protocol era cache Toolgate can read; it will be rewritten</source>
        <translation>%1 ist kein Zwischenspeicher für Protokoll-Ären, den Toolgate lesen kann; er wird neu geschrieben</translation>
    </message>
    <message>
        <source>%1; the protocol era was not remembered this time</source>
        <translation>%1; die Protokoll-Ära wurde diesmal nicht gespeichert</translation>
    </message>
</context>
<context>
    <name>Toolgate::EraNegotiator</name>
    <message>
        <source>the server refused MCP %1, the version it had named as supported</source>
        <translation>der Server hat MCP %1 abgelehnt, die Version, die er selbst als unterstützt genannt hatte</translation>
    </message>
</context>
<context>
    <name>Toolgate::Error</name>
    <message>
        <source>%1 (code %2)</source>
        <translation>%1 (Code %2)</translation>
    </message>
</context>
<context>
    <name>Toolgate::Expectation</name>
    <message>
        <source>the tool gave no result (%1): %2</source>
        <translation>das Werkzeug lieferte kein Ergebnis (%1): %2</translation>
    </message>
    <message>
        <source>the tool reports an error</source>
        <translation>das Werkzeug meldet einen Fehler</translation>
    </message>
    <message>
        <source>the tool reports no error</source>
        <translation>das Werkzeug meldet keinen Fehler</translation>
    </message>
    <message>
        <source>text contains &quot;%1&quot;</source>
        <translation>Text enthält „%1“</translation>
    </message>
    <message>
        <source>%1 equals %2</source>
        <translation>%1 ist gleich %2</translation>
    </message>
    <message>
        <source>%1 matches /%2/</source>
        <translation>%1 passt auf /%2/</translation>
    </message>
    <message>
        <source>structured content matches the output schema</source>
        <translation>strukturierter Inhalt entspricht dem Ausgabeschema</translation>
    </message>
    <message>
        <source>structured content does not match the output schema</source>
        <translation>strukturierter Inhalt entspricht nicht dem Ausgabeschema</translation>
    </message>
    <message>
        <source>finishes within %1 ms</source>
        <translation>endet innerhalb von %1 ms</translation>
    </message>
    <message>
        <source>expected the tool to report an error; it succeeded. Its text was: %1</source>
        <translation>erwartet war, dass das Werkzeug einen Fehler meldet; es war erfolgreich. Sein Text war: %1</translation>
    </message>
    <message>
        <source>expected no error; the tool reported one: %1</source>
        <translation>erwartet war kein Fehler; das Werkzeug meldete einen: %1</translation>
    </message>
    <message>
        <source>expected the text to contain &quot;%1&quot;; the result&apos;s text was: %2</source>
        <translation>erwartet war, dass der Text „%1“ enthält; der Text des Ergebnisses war: %2</translation>
    </message>
    <message>
        <source>expected structured content at %1; the result has no structured content</source>
        <translation>erwartet war strukturierter Inhalt bei %1; das Ergebnis hat keinen strukturierten Inhalt</translation>
    </message>
    <message>
        <source>expected a value at %1; there is none. The structured content was: %2</source>
        <translation>erwartet war ein Wert bei %1; dort ist keiner. Der strukturierte Inhalt war: %2</translation>
    </message>
    <message>
        <source>expected %1 to equal %2; it was %3</source>
        <translation>erwartet war %1 gleich %2; es war %3</translation>
    </message>
    <message>
        <source>expected %1 to be text matching /%2/; it was %3</source>
        <translation>erwartet war bei %1 Text, der auf /%2/ passt; es war %3</translation>
    </message>
    <message>
        <source>expected %1 to match /%2/; it was %3</source>
        <translation>erwartet war, dass %1 auf /%2/ passt; es war %3</translation>
    </message>
    <message>
        <source>expected structured content that matches the output schema; there was nothing to check (no output schema or no structured content)</source>
        <translation>erwartet war strukturierter Inhalt, der dem Ausgabeschema entspricht; es gab nichts zu prüfen (kein Ausgabeschema oder kein strukturierter Inhalt)</translation>
    </message>
    <message>
        <source>expected structured content that matches the output schema; it does not: %1</source>
        <translation>erwartet war strukturierter Inhalt, der dem Ausgabeschema entspricht; er tut es nicht: %1</translation>
    </message>
    <message>
        <source>expected structured content that does not match the output schema; it matches</source>
        <translation>erwartet war strukturierter Inhalt, der dem Ausgabeschema nicht entspricht; er entspricht ihm</translation>
    </message>
    <message>
        <source>expected the call to finish within %1 ms; it took %2 ms</source>
        <translation>erwartet war, dass der Aufruf innerhalb von %1 ms endet; er dauerte %2 ms</translation>
    </message>
    <message>
        <source>each expectation must be a JSON object, such as {&quot;isError&quot;: false}</source>
        <translation>jede Erwartung muss ein JSON-Objekt sein, etwa {&quot;isError&quot;: false}</translation>
    </message>
    <message>
        <source>&quot;name&quot; must be text</source>
        <translation>„name“ muss Text sein</translation>
    </message>
    <message>
        <source>&quot;%1&quot; must be true or false</source>
        <translation>„%1“ muss true oder false sein</translation>
    </message>
    <message>
        <source>&quot;textContains&quot; must be text</source>
        <translation>„textContains“ muss Text sein</translation>
    </message>
    <message>
        <source>an expectation has either &quot;equals&quot; or &quot;matches&quot;, not both</source>
        <translation>eine Erwartung hat entweder „equals“ oder „matches“, nicht beides</translation>
    </message>
    <message>
        <source>&quot;pointer&quot; must be a JSON pointer such as &quot;/temperature&quot;</source>
        <translation>„pointer“ muss ein JSON-Pointer sein, etwa „/temperature“</translation>
    </message>
    <message>
        <source>&quot;pointer&quot; must start with &quot;/&quot; (for example &quot;/temperature&quot;); &quot;%1&quot; does not</source>
        <translation>„pointer“ muss mit „/“ beginnen (zum Beispiel „/temperature“); „%1“ tut das nicht</translation>
    </message>
    <message>
        <source>&quot;matches&quot; must be a regular expression, as text</source>
        <translation>„matches“ muss ein regulärer Ausdruck sein, als Text</translation>
    </message>
    <message>
        <source>&quot;matches&quot; is not a valid regular expression (%1): %2</source>
        <translation>„matches“ ist kein gültiger regulärer Ausdruck (%1): %2</translation>
    </message>
    <message>
        <source>&quot;pointer&quot; needs &quot;equals&quot; or &quot;matches&quot; beside it</source>
        <translation>„pointer“ braucht „equals“ oder „matches“ daneben</translation>
    </message>
    <message>
        <source>&quot;withinMs&quot; must be a whole number of milliseconds, 0 or more</source>
        <translation>„withinMs“ muss eine ganze Zahl von Millisekunden sein, 0 oder mehr</translation>
    </message>
    <message>
        <source>the expectation checks nothing: give one of &quot;isError&quot;, &quot;textContains&quot;, &quot;equals&quot; or &quot;matches&quot; (with &quot;pointer&quot;), &quot;matchesOutputSchema&quot;, &quot;withinMs&quot;</source>
        <translation>die Erwartung prüft nichts: geben Sie eines von „isError“, „textContains“, „equals“ oder „matches“ (mit „pointer“), „matchesOutputSchema“, „withinMs“ an</translation>
    </message>
    <message>
        <source>an expectation checks one thing; split this one into several</source>
        <translation>eine Erwartung prüft eine Sache; teilen Sie diese in mehrere auf</translation>
    </message>
    <message>
        <source>… (%1 more characters)</source>
        <translation>… (%1 weitere Zeichen)</translation>
    </message>
    <message>
        <source>the arguments</source>
        <translation>die Argumente</translation>
    </message>
    <message>
        <source>expected an argument at %1; there is none. The arguments were: %2</source>
        <translation>ein Argument bei %1 erwartet; es gibt keines. Die Argumente waren: %2</translation>
    </message>
</context>
<context>
    <name>Toolgate::ExpectationEditor</name>
    <message>
        <source>The tool reports no error</source>
        <translation>Das Werkzeug meldet keinen Fehler</translation>
    </message>
    <message>
        <source>The tool reports an error</source>
        <translation>Das Werkzeug meldet einen Fehler</translation>
    </message>
    <message>
        <source>Text contains</source>
        <translation>Text enthält</translation>
    </message>
    <message>
        <source>Value at pointer equals (JSON)</source>
        <translation>Wert am Zeiger ist gleich (JSON)</translation>
    </message>
    <message>
        <source>Value at pointer matches (regular expression)</source>
        <translation>Wert am Zeiger passt zu (regulärer Ausdruck)</translation>
    </message>
    <message>
        <source>Matches the output schema</source>
        <translation>Passt zum Ausgabeschema</translation>
    </message>
    <message>
        <source>Does not match the output schema</source>
        <translation>Passt nicht zum Ausgabeschema</translation>
    </message>
    <message>
        <source>Finishes within (ms)</source>
        <translation>Fertig innerhalb von (ms)</translation>
    </message>
    <message>
        <source>Add Expectation</source>
        <translation>Erwartung hinzufügen</translation>
    </message>
    <message>
        <source>Remove Expectation</source>
        <translation>Erwartung entfernen</translation>
    </message>
    <message>
        <source>Expectations</source>
        <translation>Erwartungen</translation>
    </message>
    <message>
        <source>Expect</source>
        <translation>Erwartet</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Wert</translation>
    </message>
    <message>
        <source>Name (optional)</source>
        <translation>Name (optional)</translation>
    </message>
    <message>
        <source>Value: the text to find, the JSON value to compare with (5, &quot;celsius&quot;, true), the regular expression, or the milliseconds.</source>
        <translation>Wert: der zu findende Text, der JSON-Wert zum Vergleich (5, &quot;celsius&quot;, true), der reguläre Ausdruck oder die Millisekunden.</translation>
    </message>
    <message>
        <source>What to expect</source>
        <translation>Was erwartet wird</translation>
    </message>
    <message>
        <source>Expectation %1: write the value as JSON, for example 5, &quot;celsius&quot; or true (%2)</source>
        <translation>Erwartung %1: Schreiben Sie den Wert als JSON, zum Beispiel 5, &quot;celsius&quot; oder true (%2)</translation>
    </message>
    <message>
        <source>it is empty</source>
        <translation>er ist leer</translation>
    </message>
    <message>
        <source>Expectation %1: write the time as a whole number of milliseconds, such as 2000</source>
        <translation>Erwartung %1: Schreiben Sie die Zeit als ganze Zahl von Millisekunden, etwa 2000</translation>
    </message>
    <message>
        <source>Expectation %1</source>
        <translation>Erwartung %1</translation>
    </message>
    <message>
        <source>Where in the result</source>
        <translation>Wo im Ergebnis</translation>
    </message>
    <message>
        <source>The place in the result&apos;s structured content, written as a JSON pointer: /temperature, or /items/0/name for the name of the first item; empty for all of it.</source>
        <translation>Die Stelle im strukturierten Inhalt des Ergebnisses, geschrieben als JSON-Pointer: /temperature, oder /items/0/name für den Namen des ersten Eintrags; leer für den ganzen Inhalt.</translation>
    </message>
</context>
<context>
    <name>Toolgate::ExpectedCall</name>
    <message>
        <source>a call of %1</source>
        <translation>ein Aufruf von %1</translation>
    </message>
    <message>
        <source>a call of %1 (%2)</source>
        <translation>ein Aufruf von %1 (%2)</translation>
    </message>
    <message>
        <source>an expected call must be a JSON object, such as {&quot;tool&quot;: &quot;add&quot;, &quot;expect&quot;: [{&quot;pointer&quot;: &quot;/a&quot;, &quot;equals&quot;: 2}]}</source>
        <translation>ein erwarteter Aufruf muss ein JSON-Objekt sein, etwa {&quot;tool&quot;: &quot;add&quot;, &quot;expect&quot;: [{&quot;pointer&quot;: &quot;/a&quot;, &quot;equals&quot;: 2}]}</translation>
    </message>
    <message>
        <source>&quot;tool&quot; is missing; it names the tool the model is expected to call</source>
        <translation>&quot;tool&quot; fehlt; es nennt das Werkzeug, das das Modell aufrufen soll</translation>
    </message>
    <message>
        <source>&quot;expect&quot; must be a list of checks on the arguments</source>
        <translation>&quot;expect&quot; muss eine Liste von Prüfungen der Argumente sein</translation>
    </message>
    <message>
        <source>%1, expectation %2</source>
        <translation>%1, Erwartung %2</translation>
    </message>
    <message>
        <source>a model&apos;s call is checked by its arguments only: use &quot;equals&quot; or &quot;matches&quot; at a &quot;pointer&quot; into them, such as {&quot;pointer&quot;: &quot;/a&quot;, &quot;equals&quot;: 2}</source>
        <translation>der Aufruf eines Modells wird nur anhand seiner Argumente geprüft: Verwenden Sie &quot;equals&quot; oder &quot;matches&quot; an einem &quot;pointer&quot; in sie hinein, etwa {&quot;pointer&quot;: &quot;/a&quot;, &quot;equals&quot;: 2}</translation>
    </message>
    <message>
        <source>expected no tool call</source>
        <translation>kein Werkzeugaufruf erwartet</translation>
    </message>
    <message>
        <source>expected %1; there was none</source>
        <translation>%1 erwartet; es gab keinen</translation>
    </message>
    <message>
        <source>expected %1; the call of %2 did not match: %3</source>
        <translation>%1 erwartet; der Aufruf von %2 passte nicht: %3</translation>
    </message>
</context>
<context>
    <name>Toolgate::ExposedToolsBar</name>
    <message>
        <source>Exposed to the model:</source>
        <translation>Für das Modell freigegeben:</translation>
    </message>
    <message>
        <source>Expose All Its Tools</source>
        <translation>Alle seine Werkzeuge freigeben</translation>
    </message>
    <message>
        <source>Withdraw All Its Tools</source>
        <translation>Alle seine Werkzeuge zurückziehen</translation>
    </message>
    <message>
        <source>%1 (not listed now)</source>
        <translation>%1 (derzeit nicht gelistet)</translation>
    </message>
    <message>
        <source>(the server lists no tools now)</source>
        <translation>(der Server listet derzeit keine Werkzeuge)</translation>
    </message>
    <message>
        <source>%1: %2 of %3</source>
        <translation>%1: %2 von %3</translation>
    </message>
    <message>
        <source>No tool of %1 is exposed. Click to expose all of them; the arrow chooses them one by one.</source>
        <translation>Kein Werkzeug von %1 ist freigegeben. Ein Klick gibt alle frei; mit dem Pfeil wählen Sie sie einzeln.</translation>
    </message>
    <message>
        <source>Exposed: %1. Click to withdraw them all; the arrow chooses them one by one.</source>
        <translation>Freigegeben: %1. Ein Klick zieht alle zurück; mit dem Pfeil wählen Sie sie einzeln.</translation>
    </message>
    <message>
        <source>no tools: the model can only answer in words</source>
        <translation>keine Werkzeuge: Das Modell kann nur mit Worten antworten</translation>
    </message>
    <message numerus="yes">
        <source>%n tool(s) exposed</source>
        <translation>
            <numerusform>%n Werkzeug freigegeben</numerusform>
            <numerusform>%n Werkzeuge freigegeben</numerusform>
        </translation>
    </message>
    <message>
        <source>Tools of %1 exposed to the model</source>
        <translation>Für das Modell freigegebene Werkzeuge von %1</translation>
    </message>
</context>
<context>
    <name>Toolgate::FallbackHttpTransport</name>
    <message>
        <source>%1 does not speak Streamable HTTP (%2); trying the older HTTP+SSE transport</source>
        <translation>%1 spricht kein Streamable HTTP (%2); das ältere HTTP+SSE wird versucht</translation>
    </message>
    <message>
        <source>%1 answered neither as a Streamable HTTP server (%2) nor as an HTTP+SSE server (%3). Check the URL: it must be the server&apos;s MCP endpoint, which often ends in /mcp or /sse.</source>
        <translation>%1 antwortete weder als Streamable-HTTP-Server (%2) noch als HTTP+SSE-Server (%3). Prüfen Sie die URL: Sie muss der MCP-Endpunkt des Servers sein, der oft auf /mcp oder /sse endet.</translation>
    </message>
</context>
<context>
    <name>Toolgate::FileSaver</name>
    <message>
        <source>Save As</source>
        <translation>Speichern unter</translation>
    </message>
    <message>
        <source>All files (*)</source>
        <translation>Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Could not save %1:
%2</source>
        <translation>%1 konnte nicht gespeichert werden:
%2</translation>
    </message>
</context>
<context>
    <name>Toolgate::GettingStartedDialog</name>
    <message>
        <source>Getting Started</source>
        <translation>Erste Schritte</translation>
    </message>
    <message>
        <source>Getting started guide</source>
        <translation>Anleitung für die ersten Schritte</translation>
    </message>
    <message>
        <source># Getting started

Toolgate lets you try **MCP servers**: programs that give AI assistants abilities. A server offers **tools** (things it can do), **resources** (things you can read) and **prompts** (ready-made messages). Toolgate shows them, lets you fill them in, and never sends anything without asking you first.

## Run your first tool

1. **Pick a server** in the list at the top left. The demo server is set up for you; add your own with *Servers › Add Server…*, or bring the ones you use in Claude Desktop with *File › Import Servers…*.
2. **Pick a tool** in the Tools list below it. *Ctrl+F* searches by name or description.
3. **Fill in the form.** Fields marked * are required. Problems show next to the field and under the form.
4. **Run** with the Run button, *Ctrl+Enter*, or *Enter* in a one-line field.
5. **Decide.** A window shows the server, the tool and exactly what will be sent. *Allow once*, allow for this session, always allow this tool — or *Deny* (the default; *Esc* denies too). You can change the arguments there before they go.
6. **Read the result** under the form: the content, structured data when the tool sends some, and the raw message on the *Raw JSON* tab.

Every call, your decision and its outcome are kept in the audit log: *View › Audit Log* (*Ctrl+Shift+A*).

## Words you will meet

- **Local program**: a server Toolgate starts on your computer and talks to through its input and output (developers say *stdio*).
- **Remote server**: a server reached at a web address (*HTTP*).
- **Console**: what the selected server prints while it runs (its *stderr*), its log messages, and Toolgate&apos;s own notes. Look here when a server does not start.
- **Tool error**: the tool ran but reports that it failed (*isError* in the message). The server worked; the task did not.
- **The server claims**: hints a server gives about a tool — read-only, may delete data, *safe to repeat* (idempotent), *reaches outside systems* (open world) or *stays within its own system* (closed world). Toolgate shows them but cannot check them.
- **Sampling**: a server asks for a reply from an AI model. In Toolgate, you write the reply — or decline.
- **Elicitation**: a server asks you for information, with a small form or a link to open.
- **Roots**: folders you allow servers to know about (*Settings › Roots…*).
- **JSON**: the text format MCP messages are written in. The form writes it for you; the *JSON* tab shows it.

## Without a mouse

| Keys | What they do |
|---|---|
| *Ctrl+F* | Search tools (or resources, prompts) |
| *Ctrl+1*, *Ctrl+2*, *Ctrl+3* | Tools, Resources, Prompts |
| *Enter* in the list | Go to the tool&apos;s form |
| *Tab* | Next field; after the last one, Run |
| *Enter* in a field, *Ctrl+Enter* | Run |
| *Tab*, then *Space* | In the approval window: choose a button |
| *Esc* | Deny, close a window |
| *Ctrl+`* | Show or hide the Console |
</source>
        <translation># Erste Schritte

Mit Toolgate probieren Sie **MCP-Server** aus: Programme, die KI-Assistenten Fähigkeiten geben. Ein Server bietet **Werkzeuge** (Dinge, die er tun kann), **Ressourcen** (Dinge, die Sie lesen können) und **Prompts** (vorbereitete Nachrichten). Toolgate zeigt sie an, lässt Sie sie ausfüllen und sendet nie etwas, ohne Sie vorher zu fragen.

## Ihr erstes Werkzeug ausführen

1. **Wählen Sie einen Server** in der Liste oben links. Der Demo-Server ist schon für Sie eingerichtet; eigene fügen Sie mit *Server › Server hinzufügen…* hinzu, oder übernehmen Sie die aus Claude Desktop mit *Datei › Server importieren…*.
2. **Wählen Sie ein Werkzeug** in der Werkzeugliste darunter. *Strg+F* sucht nach Name oder Beschreibung.
3. **Füllen Sie das Formular aus.** Mit * markierte Felder sind erforderlich. Probleme erscheinen neben dem Feld und unter dem Formular.
4. **Führen Sie es aus** mit der Schaltfläche „Ausführen“, mit *Strg+Eingabe* oder mit der *Eingabetaste* in einem einzeiligen Feld.
5. **Entscheiden Sie.** Ein Fenster zeigt den Server, das Werkzeug und genau das, was gesendet wird. *Einmal zulassen*, für diese Sitzung zulassen, dieses Werkzeug immer zulassen — oder *Ablehnen* (die Vorgabe; auch *Esc* lehnt ab). Sie können die Argumente dort noch ändern, bevor sie gesendet werden.
6. **Lesen Sie das Ergebnis** unter dem Formular: den Inhalt, strukturierte Daten, wenn das Werkzeug welche sendet, und die rohe Nachricht im Reiter *Rohes JSON*.

Jeder Aufruf, Ihre Entscheidung und das Ergebnis werden im Audit-Protokoll festgehalten: *Ansicht › Audit-Protokoll* (*Strg+Umschalt+A*).

## Begriffe, denen Sie begegnen

- **Lokales Programm**: ein Server, den Toolgate auf Ihrem Computer startet und mit dem es über dessen Ein- und Ausgabe spricht (Entwickler sagen *stdio*).
- **Entfernter Server**: ein Server, der unter einer Webadresse erreichbar ist (*HTTP*).
- **Konsole**: was der gewählte Server während der Ausführung ausgibt (sein *stderr*), seine Log-Meldungen und Toolgates eigene Notizen. Schauen Sie hier nach, wenn ein Server nicht startet.
- **Werkzeugfehler**: Das Werkzeug lief, meldet aber, dass es fehlgeschlagen ist (*isError* in der Nachricht). Der Server hat funktioniert, die Aufgabe nicht.
- **Der Server behauptet**: Hinweise, die ein Server über ein Werkzeug gibt — nur lesend, kann Daten löschen, *Wiederholen unbedenklich* (idempotent), *erreicht die Außenwelt* (offene Welt) oder *bleibt in seinem eigenen System* (geschlossene Welt). Toolgate zeigt sie an, kann sie aber nicht prüfen.
- **Sampling**: Ein Server bittet um eine Antwort eines KI-Modells. In Toolgate schreiben Sie die Antwort — oder lehnen ab.
- **Rückfrage (Elicitation)**: Ein Server bittet Sie um Angaben, mit einem kleinen Formular oder einem Link zum Öffnen.
- **Stammordner (Roots)**: Ordner, die Server kennen dürfen (*Einstellungen › Stammordner…*).
- **JSON**: das Textformat, in dem MCP-Nachrichten geschrieben sind. Das Formular schreibt es für Sie; der Reiter *JSON* zeigt es.

## Ohne Maus

| Tasten | Was sie tun |
|---|---|
| *Strg+F* | Werkzeuge suchen (oder Ressourcen, Prompts) |
| *Strg+1*, *Strg+2*, *Strg+3* | Werkzeuge, Ressourcen, Prompts |
| *Eingabetaste* in der Liste | Zum Formular des Werkzeugs wechseln |
| *Tab* | Nächstes Feld; nach dem letzten „Ausführen“ |
| *Eingabetaste* in einem Feld, *Strg+Eingabe* | Ausführen |
| *Tab*, dann *Leertaste* | Im Freigabefenster: eine Schaltfläche wählen |
| *Esc* | Ablehnen, ein Fenster schließen |
| *Strg+`* | Konsole ein- oder ausblenden |
</translation>
    </message>
</context>
<context>
    <name>Toolgate::Host</name>
    <message>
        <source>no one was there to decide</source>
        <translation>niemand war da, um zu entscheiden</translation>
    </message>
</context>
<context>
    <name>Toolgate::HttpClient</name>
    <message>
        <source>Toolgate&apos;s network plugin could not be loaded: %1</source>
        <translation>Das Netzwerk-Plugin von Toolgate ließ sich nicht laden: %1</translation>
    </message>
</context>
<context>
    <name>Toolgate::HttpReply</name>
    <message>
        <source>%1 failed: %2 answered HTTP %3 and redirects to %4. Toolgate does not follow redirects for MCP traffic; if the server moved, change its URL to the new address.</source>
        <translation>%1 fehlgeschlagen: %2 antwortete mit HTTP %3 und leitet weiter auf %4. Toolgate folgt bei MCP-Verkehr keinen Weiterleitungen; wenn der Server umgezogen ist, ändern Sie seine URL auf die neue Adresse.</translation>
    </message>
    <message>
        <source>nothing accepts connections at %1. Check that the server is running and that the URL (including the port) is right.</source>
        <translation>unter %1 nimmt nichts Verbindungen an. Prüfen Sie, ob der Server läuft und ob die URL (einschließlich Port) stimmt.</translation>
    </message>
    <message>
        <source>the host name &quot;%1&quot; could not be found. Check the URL and your network connection.</source>
        <translation>der Hostname „%1“ wurde nicht gefunden. Prüfen Sie die URL und Ihre Netzwerkverbindung.</translation>
    </message>
    <message>
        <source>%1 did not answer in time. Check your network connection and that the server is up.</source>
        <translation>%1 hat nicht rechtzeitig geantwortet. Prüfen Sie Ihre Netzwerkverbindung und ob der Server läuft.</translation>
    </message>
    <message>
        <source>%1 closed the connection without answering. The server may have crashed or may not speak HTTP on this port.</source>
        <translation>%1 hat die Verbindung ohne Antwort geschlossen. Vielleicht ist der Server abgestürzt oder spricht auf diesem Port kein HTTP.</translation>
    </message>
    <message>
        <source>the secure (TLS) connection to %1 failed: %2. The server&apos;s certificate is not trusted (self-signed, expired, or issued for another name). Fix the certificate, install its issuer as trusted, or use the server&apos;s correct address.</source>
        <translation>die sichere (TLS-)Verbindung zu %1 ist fehlgeschlagen: %2. Dem Zertifikat des Servers wird nicht vertraut (selbst signiert, abgelaufen oder für einen anderen Namen ausgestellt). Korrigieren Sie das Zertifikat, installieren Sie seinen Aussteller als vertrauenswürdig oder verwenden Sie die richtige Adresse des Servers.</translation>
    </message>
    <message>
        <source>%1 redirected in a way Toolgate will not follow (%2). If the server moved, change its URL to the new address.</source>
        <translation>%1 hat auf eine Weise weitergeleitet, der Toolgate nicht folgt (%2). Wenn der Server umgezogen ist, ändern Sie seine URL auf die neue Adresse.</translation>
    </message>
    <message>
        <source>the network proxy failed while reaching %1: %2. Check your proxy settings.</source>
        <translation>der Netzwerk-Proxy ist beim Erreichen von %1 gescheitert: %2. Prüfen Sie Ihre Proxy-Einstellungen.</translation>
    </message>
    <message>
        <source>%1 could not be reached: %2.</source>
        <translation>%1 ist nicht erreichbar: %2.</translation>
    </message>
    <message>
        <source>%1 failed: %2 answered HTTP %3</source>
        <translation>%1 fehlgeschlagen: %2 antwortete mit HTTP %3</translation>
    </message>
    <message>
        <source>. The server wants you to sign in; check the credentials in the server&apos;s settings.</source>
        <translation>. Der Server möchte, dass Sie sich anmelden; prüfen Sie die Zugangsdaten in den Einstellungen des Servers.</translation>
    </message>
    <message>
        <source>. The server refused access; your account may lack the permission.</source>
        <translation>. Der Server hat den Zugriff verweigert; Ihrem Konto fehlt vielleicht die Berechtigung.</translation>
    </message>
    <message>
        <source>. Check the URL: there is no MCP endpoint at this path.</source>
        <translation>. Prüfen Sie die URL: Unter diesem Pfad gibt es keinen MCP-Endpunkt.</translation>
    </message>
    <message>
        <source>. The server has a problem; try again later or look at its logs.</source>
        <translation>. Der Server hat ein Problem; versuchen Sie es später erneut oder sehen Sie in seine Logs.</translation>
    </message>
    <message>
        <source>%1 failed: %2</source>
        <translation>%1 fehlgeschlagen: %2</translation>
    </message>
</context>
<context>
    <name>Toolgate::ImagePane</name>
    <message>
        <source>Zoom out (Ctrl+wheel)</source>
        <translation>Verkleinern (Strg+Mausrad)</translation>
    </message>
    <message>
        <source>Zoom in (Ctrl+wheel)</source>
        <translation>Vergrößern (Strg+Mausrad)</translation>
    </message>
    <message>
        <source>Fit</source>
        <translation>Einpassen</translation>
    </message>
    <message>
        <source>Fit the image into the view</source>
        <translation>Das Bild in die Ansicht einpassen</translation>
    </message>
    <message>
        <source>100%</source>
        <translation>100 %</translation>
    </message>
    <message>
        <source>Actual size</source>
        <translation>Originalgröße</translation>
    </message>
    <message>
        <source>Save as…</source>
        <translation>Speichern unter…</translation>
    </message>
    <message>
        <source>Save the image to a file</source>
        <translation>Das Bild in einer Datei speichern</translation>
    </message>
    <message>
        <source>Zoom out</source>
        <translation>Verkleinern</translation>
    </message>
    <message>
        <source>Zoom in</source>
        <translation>Vergrößern</translation>
    </message>
    <message>
        <source>Decoding…</source>
        <translation>Wird dekodiert…</translation>
    </message>
    <message>
        <source>The image data is not valid base64.</source>
        <translation>Die Bilddaten sind kein gültiges Base64.</translation>
    </message>
    <message>
        <source>The image is empty.</source>
        <translation>Das Bild ist leer.</translation>
    </message>
    <message>
        <source>Could not decode the image: %1.</source>
        <translation>Das Bild konnte nicht dekodiert werden: %1.</translation>
    </message>
    <message>
        <source>decoding…</source>
        <translation>wird dekodiert…</translation>
    </message>
    <message>
        <source> · decoding…</source>
        <translation> · wird dekodiert…</translation>
    </message>
</context>
<context>
    <name>Toolgate::ImportDialog</name>
    <message>
        <source>Claude Desktop</source>
        <translation>Claude Desktop</translation>
    </message>
    <message>
        <source>VS Code (user)</source>
        <translation>VS Code (Benutzer)</translation>
    </message>
    <message>
        <source>VS Code settings</source>
        <translation>VS-Code-Einstellungen</translation>
    </message>
    <message>
        <source>Cursor</source>
        <translation>Cursor</translation>
    </message>
    <message>
        <source>Windsurf</source>
        <translation>Windsurf</translation>
    </message>
    <message>
        <source>VS Code (this folder)</source>
        <translation>VS Code (dieser Ordner)</translation>
    </message>
    <message>
        <source>Import Servers</source>
        <translation>Server importieren</translation>
    </message>
    <message>
        <source>Choose a known configuration…</source>
        <translation>Eine bekannte Konfiguration wählen…</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <source>%1 — not found</source>
        <translation>%1 — nicht gefunden</translation>
    </message>
    <message>
        <source>Choose File…</source>
        <translation>Datei wählen…</translation>
    </message>
    <message>
        <source>Pick the configuration of Claude Desktop, Cursor, VS Code or another MCP host.</source>
        <translation>Wählen Sie die Konfiguration von Claude Desktop, Cursor, VS Code oder einem anderen MCP-Host.</translation>
    </message>
    <message>
        <source>Servers to import</source>
        <translation>Zu importierende Server</translation>
    </message>
    <message>
        <source>Server</source>
        <translation>Server</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>Typ</translation>
    </message>
    <message>
        <source>Command or URL</source>
        <translation>Befehl oder URL</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>Hinweis</translation>
    </message>
    <message>
        <source>Import</source>
        <translation>Importieren</translation>
    </message>
    <message>
        <source>%1 is too large to be a server configuration.</source>
        <translation>%1 ist zu groß für eine Serverkonfiguration.</translation>
    </message>
    <message>
        <source>Cannot read %1: %2</source>
        <translation>%1 kann nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>%1 configures no servers.</source>
        <translation>%1 richtet keine Server ein.</translation>
    </message>
    <message>
        <source>Already configured as “%1”</source>
        <translation>Bereits eingerichtet als „%1“</translation>
    </message>
    <message>
        <source>Renamed: “%1” is taken</source>
        <translation>Umbenannt: „%1“ ist vergeben</translation>
    </message>
    <message>
        <source>New</source>
        <translation>Neu</translation>
    </message>
    <message>
        <source>(secrets to the keychain: %1)</source>
        <translation>(Geheimnisse in den Schlüsselbund: %1)</translation>
    </message>
    <message>
        <source>1 server in %1.</source>
        <translation>1 Server in %1.</translation>
    </message>
    <message>
        <source>%1 servers in %2.</source>
        <translation>%1 Server in %2.</translation>
    </message>
    <message>
        <source>Tick the ones to import; double-click a name to change it.</source>
        <translation>Haken Sie die zu importierenden an; ein Doppelklick auf einen Namen ändert ihn.</translation>
    </message>
    <message>
        <source>Import 1 Server</source>
        <translation>1 Server importieren</translation>
    </message>
    <message>
        <source>Import %1 Servers</source>
        <translation>%1 Server importieren</translation>
    </message>
    <message>
        <source>Import Servers From</source>
        <translation>Server importieren aus</translation>
    </message>
    <message>
        <source>MCP configuration (*.json *.jsonc)</source>
        <translation>MCP-Konfiguration (*.json *.jsonc)</translation>
    </message>
    <message>
        <source>All files (*)</source>
        <translation>Alle Dateien (*)</translation>
    </message>
</context>
<context>
    <name>Toolgate::InputRequiredResult</name>
    <message>
        <source>the server asked for input in a form Toolgate cannot read: %1</source>
        <translation>der Server bat um Eingaben in einer Form, die Toolgate nicht lesen kann: %1</translation>
    </message>
</context>
<context>
    <name>Toolgate::InputRound</name>
    <message>
        <source>accepted</source>
        <translation>angenommen</translation>
    </message>
    <message>
        <source>declined</source>
        <translation>abgelehnt</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>abgebrochen</translation>
    </message>
    <message>
        <source>answered</source>
        <translation>beantwortet</translation>
    </message>
    <message>
        <source>a step in the browser, “%1” → %2</source>
        <translation>ein Schritt im Browser, „%1“ → %2</translation>
    </message>
    <message>
        <source>a form, “%1” → %2</source>
        <translation>ein Formular, „%1“ → %2</translation>
    </message>
    <message>
        <source>a reply from the model → sent</source>
        <translation>eine Antwort des Modells → gesendet</translation>
    </message>
    <message numerus="yes">
        <source>the roots → %n given</source>
        <translation>
            <numerusform>die Wurzeln → %n gegeben</numerusform>
            <numerusform>die Wurzeln → %n gegeben</numerusform>
        </translation>
    </message>
    <message>
        <source>nothing new, only its state</source>
        <translation>nichts Neues, nur sein Zustand</translation>
    </message>
    <message>
        <source>Round %1: %2</source>
        <translation>Runde %1: %2</translation>
    </message>
</context>
<context>
    <name>Toolgate::InterfaceCompareActions</name>
    <message>
        <source>server %1 (now)</source>
        <translation>Server %1 (jetzt)</translation>
    </message>
    <message>
        <source>snapshot %1</source>
        <translation>Snapshot %1</translation>
    </message>
    <message>
        <source>%1 (%2, taken %3)</source>
        <translation>%1 (%2, aufgenommen %3)</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>Interface snapshots (*.json);;All files (*)</source>
        <translation>Schnittstellen-Snapshots (*.json);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Save &amp;Interface Snapshot…</source>
        <translation>Schnittstellen-Snapshot s&amp;ichern…</translation>
    </message>
    <message>
        <source>Save the selected server&apos;s tools (with their schemas), resources and prompts to a file, to compare with later</source>
        <translation>Die Werkzeuge (mit ihren Schemas), Ressourcen und Prompts des ausgewählten Servers in einer Datei sichern, um später damit zu vergleichen</translation>
    </message>
    <message>
        <source>Compare Interface &amp;With Snapshot…</source>
        <translation>Schnittstelle mit Snapsh&amp;ot vergleichen…</translation>
    </message>
    <message>
        <source>Show what the selected server added, removed or changed since a saved snapshot</source>
        <translation>Zeigen, was der ausgewählte Server seit einem gesicherten Snapshot hinzugefügt, entfernt oder geändert hat</translation>
    </message>
    <message>
        <source>Compare Interface With Ser&amp;ver…</source>
        <translation>Schnittstelle mit Ser&amp;ver vergleichen…</translation>
    </message>
    <message>
        <source>Show how another connected server&apos;s tools, resources and prompts differ from the selected server&apos;s</source>
        <translation>Zeigen, wie sich die Werkzeuge, Ressourcen und Prompts eines anderen verbundenen Servers von denen des ausgewählten unterscheiden</translation>
    </message>
    <message>
        <source>Save Interface Snapshot</source>
        <translation>Schnittstellen-Snapshot sichern</translation>
    </message>
    <message>
        <source>Compare With Snapshot</source>
        <translation>Mit Snapshot vergleichen</translation>
    </message>
    <message>
        <source>No Other Server to Compare With</source>
        <translation>Kein anderer Server zum Vergleichen</translation>
    </message>
    <message>
        <source>No other server is connected. Start another server, then try again.</source>
        <translation>Kein anderer Server ist verbunden. Starten Sie einen weiteren Server und versuchen Sie es dann noch einmal.</translation>
    </message>
    <message>
        <source>Compare Interface With Server</source>
        <translation>Schnittstelle mit Server vergleichen</translation>
    </message>
    <message>
        <source>Compare %1 with:</source>
        <translation>%1 vergleichen mit:</translation>
    </message>
    <message>
        <source>Server Not Connected</source>
        <translation>Server nicht verbunden</translation>
    </message>
    <message>
        <source>Reading the interface of %1…</source>
        <translation>Die Schnittstelle von %1 wird gelesen…</translation>
    </message>
    <message>
        <source>Could Not Read the Interface</source>
        <translation>Schnittstelle konnte nicht gelesen werden</translation>
    </message>
    <message>
        <source>The interface of %1 could not be read: %2</source>
        <translation>Die Schnittstelle von %1 konnte nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>Could Not Save the Snapshot</source>
        <translation>Snapshot konnte nicht gesichert werden</translation>
    </message>
    <message>
        <source>%1

Choose another file or folder and try again.</source>
        <translation>%1

Wählen Sie eine andere Datei oder einen anderen Ordner und versuchen Sie es noch einmal.</translation>
    </message>
    <message>
        <source>Saved the interface of %1 (%2 tools, %3 resources, %4 resource templates, %5 prompts) to %6.</source>
        <translation>Die Schnittstelle von %1 (%2 Werkzeuge, %3 Ressourcen, %4 Ressourcenvorlagen, %5 Prompts) wurde in %6 gesichert.</translation>
    </message>
    <message>
        <source>Cannot Use This Snapshot</source>
        <translation>Dieser Snapshot ist nicht verwendbar</translation>
    </message>
    <message>
        <source>%1

Choose a file saved with Save Interface Snapshot (or toolgate-cli snapshot).</source>
        <translation>%1

Wählen Sie eine Datei, die mit „Schnittstellen-Snapshot sichern“ (oder toolgate-cli snapshot) gesichert wurde.</translation>
    </message>
    <message>
        <source>The other server was removed meanwhile.</source>
        <translation>Der andere Server wurde inzwischen entfernt.</translation>
    </message>
    <message>
        <source>Server Not Ready</source>
        <translation>Server nicht bereit</translation>
    </message>
    <message>
        <source>The interface of %1 cannot be read now. %2</source>
        <translation>Die Schnittstelle von %1 kann jetzt nicht gelesen werden. %2</translation>
    </message>
</context>
<context>
    <name>Toolgate::InterfaceDiff</name>
    <message>
        <source>tool</source>
        <translation>Werkzeug</translation>
    </message>
    <message>
        <source>resource</source>
        <translation>Ressource</translation>
    </message>
    <message>
        <source>resource template</source>
        <translation>Ressourcenvorlage</translation>
    </message>
    <message>
        <source>prompt</source>
        <translation>Prompt</translation>
    </message>
</context>
<context>
    <name>Toolgate::InterfaceDiffDialog</name>
    <message>
        <source>Compare Interfaces</source>
        <translation>Schnittstellen vergleichen</translation>
    </message>
</context>
<context>
    <name>Toolgate::InterfaceDiffView</name>
    <message>
        <source>Tools (%1)</source>
        <translation>Werkzeuge (%1)</translation>
    </message>
    <message>
        <source>Resources (%1)</source>
        <translation>Ressourcen (%1)</translation>
    </message>
    <message>
        <source>Resource templates (%1)</source>
        <translation>Ressourcenvorlagen (%1)</translation>
    </message>
    <message>
        <source>Prompts (%1)</source>
        <translation>Prompts (%1)</translation>
    </message>
    <message>
        <source>added</source>
        <translation>hinzugekommen</translation>
    </message>
    <message>
        <source>removed</source>
        <translation>entfernt</translation>
    </message>
    <message>
        <source>changed</source>
        <translation>geändert</translation>
    </message>
    <message>
        <source>Differences</source>
        <translation>Unterschiede</translation>
    </message>
    <message>
        <source>First: %1</source>
        <translation>Erstes: %1</translation>
    </message>
    <message>
        <source>Second: %1</source>
        <translation>Zweites: %1</translation>
    </message>
    <message>
        <source>Comparing…</source>
        <translation>Wird verglichen…</translation>
    </message>
    <message>
        <source>The interfaces are the same.</source>
        <translation>Die Schnittstellen sind gleich.</translation>
    </message>
    <message>
        <source>1 difference: </source>
        <translation>1 Unterschied: </translation>
    </message>
    <message>
        <source>%1 differences: </source>
        <translation>%1 Unterschiede: </translation>
    </message>
    <message>
        <source>%1 added, %2 removed, %3 changed.</source>
        <translation>%1 hinzugekommen, %2 entfernt, %3 geändert.</translation>
    </message>
    <message>
        <source>Select an item to see what changed.</source>
        <translation>Wählen Sie einen Eintrag, um zu sehen, was sich geändert hat.</translation>
    </message>
    <message>
        <source>Only in the second. Its definition:</source>
        <translation>Nur im zweiten. Seine Definition:</translation>
    </message>
    <message>
        <source>Only in the first. Its definition:</source>
        <translation>Nur im ersten. Seine Definition:</translation>
    </message>
    <message>
        <source>Changes to %1 (− first, + second):</source>
        <translation>Änderungen an %1 (− erstes, + zweites):</translation>
    </message>
</context>
<context>
    <name>Toolgate::InterfaceSnapshot</name>
    <message>
        <source>The server went away while its interface was listed.</source>
        <translation>Der Server war weg, während seine Schnittstelle abgefragt wurde.</translation>
    </message>
    <message>
        <source>It is not valid JSON (at byte %1: %2).</source>
        <translation>Sie ist kein gültiges JSON (bei Byte %1: %2).</translation>
    </message>
    <message>
        <source>It is not an interface snapshot written by Toolgate.</source>
        <translation>Sie ist kein von Toolgate geschriebener Schnittstellen-Snapshot.</translation>
    </message>
    <message>
        <source>It has no valid format version.</source>
        <translation>Sie hat keine gültige Formatversion.</translation>
    </message>
    <message>
        <source>It was written by a newer Toolgate (format %1; this one reads up to %2).</source>
        <translation>Sie wurde von einem neueren Toolgate geschrieben (Format %1; dieses liest bis %2).</translation>
    </message>
    <message>
        <source>Its &quot;%1&quot; is not a list.</source>
        <translation>Ihr „%1“ ist keine Liste.</translation>
    </message>
    <message>
        <source>Its &quot;%1&quot; holds something that is not an object.</source>
        <translation>Ihr „%1“ enthält etwas, das kein Objekt ist.</translation>
    </message>
    <message>
        <source>Could not read the snapshot file %1: %2</source>
        <translation>Die Snapshot-Datei %1 konnte nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>The snapshot file %1 is too large to be a snapshot.</source>
        <translation>Die Snapshot-Datei %1 ist zu groß für einen Snapshot.</translation>
    </message>
    <message>
        <source>The file %1 cannot be read as a snapshot: %2</source>
        <translation>Die Datei %1 kann nicht als Snapshot gelesen werden: %2</translation>
    </message>
    <message>
        <source>The server is not connected, so its interface cannot be listed.</source>
        <translation>Der Server ist nicht verbunden, daher kann seine Schnittstelle nicht abgefragt werden.</translation>
    </message>
</context>
<context>
    <name>Toolgate::ItemBrowser</name>
    <message>
        <source>Nothing matches “%1”.</source>
        <translation>Nichts passt zu „%1“.</translation>
    </message>
</context>
<context>
    <name>Toolgate::ItemHeader</name>
    <message>
        <source>on %1</source>
        <translation>auf %1</translation>
    </message>
    <message>
        <source>Show less</source>
        <translation>Weniger zeigen</translation>
    </message>
    <message>
        <source>Show more</source>
        <translation>Mehr zeigen</translation>
    </message>
</context>
<context>
    <name>Toolgate::JUnitWriter</name>
    <message>
        <source>%1 (run %2 of %3)</source>
        <translation>%1 (Lauf %2 von %3)</translation>
    </message>
</context>
<context>
    <name>Toolgate::JsonRpcMessage</name>
    <message>
        <source>missing &quot;jsonrpc&quot; member</source>
        <translation>das Feld &quot;jsonrpc&quot; fehlt</translation>
    </message>
    <message>
        <source>&quot;jsonrpc&quot; must be &quot;2.0&quot;</source>
        <translation>&quot;jsonrpc&quot; muss &quot;2.0&quot; sein</translation>
    </message>
    <message>
        <source>&quot;method&quot; must be a string</source>
        <translation>&quot;method&quot; muss eine Zeichenkette sein</translation>
    </message>
    <message>
        <source>a message cannot have both &quot;method&quot; and &quot;%1&quot;</source>
        <translation>eine Nachricht kann nicht zugleich &quot;method&quot; und &quot;%1&quot; haben</translation>
    </message>
    <message>
        <source>&quot;params&quot; of %1 must be an object</source>
        <translation>&quot;params&quot; von %1 muss ein Objekt sein</translation>
    </message>
    <message>
        <source>request id must be a string or an integer</source>
        <translation>die Anfrage-ID muss eine Zeichenkette oder eine ganze Zahl sein</translation>
    </message>
    <message>
        <source>message has neither &quot;method&quot; nor &quot;id&quot;</source>
        <translation>die Nachricht hat weder &quot;method&quot; noch &quot;id&quot;</translation>
    </message>
    <message>
        <source>response has both &quot;result&quot; and &quot;error&quot;</source>
        <translation>die Antwort hat zugleich &quot;result&quot; und &quot;error&quot;</translation>
    </message>
    <message>
        <source>response has neither &quot;result&quot; nor &quot;error&quot;</source>
        <translation>die Antwort hat weder &quot;result&quot; noch &quot;error&quot;</translation>
    </message>
    <message>
        <source>response id must be a string or an integer</source>
        <translation>die Antwort-ID muss eine Zeichenkette oder eine ganze Zahl sein</translation>
    </message>
    <message>
        <source>&quot;error&quot; must be an object</source>
        <translation>&quot;error&quot; muss ein Objekt sein</translation>
    </message>
    <message>
        <source>error &quot;code&quot; must be an integer</source>
        <translation>&quot;code&quot; des Fehlers muss eine ganze Zahl sein</translation>
    </message>
    <message>
        <source>error &quot;message&quot; must be a string</source>
        <translation>&quot;message&quot; des Fehlers muss eine Zeichenkette sein</translation>
    </message>
    <message>
        <source>message is not a JSON object</source>
        <translation>die Nachricht ist kein JSON-Objekt</translation>
    </message>
    <message>
        <source>invalid JSON at offset %1: %2</source>
        <translation>ungültiges JSON an Position %1: %2</translation>
    </message>
    <message>
        <source>empty batch</source>
        <translation>leerer Batch</translation>
    </message>
    <message>
        <source>batch element %1 is not an object</source>
        <translation>Batch-Element %1 ist kein Objekt</translation>
    </message>
    <message>
        <source>batch element %1: %2</source>
        <translation>Batch-Element %1: %2</translation>
    </message>
</context>
<context>
    <name>Toolgate::JsonRpcPeer</name>
    <message>
        <source>the request was dropped without an answer</source>
        <translation>die Anfrage wurde ohne Antwort verworfen</translation>
    </message>
    <message>
        <source>the connection to the server closed</source>
        <translation>die Verbindung zum Server wurde geschlossen</translation>
    </message>
    <message>
        <source>the connection to the client closed</source>
        <translation>die Verbindung zum Client wurde geschlossen</translation>
    </message>
    <message>
        <source>the server&apos;s answer to %1 could not be read (%2)</source>
        <translation>die Antwort des Servers auf %1 konnte nicht gelesen werden (%2)</translation>
    </message>
    <message>
        <source>the client&apos;s answer to %1 could not be read (%2)</source>
        <translation>die Antwort des Clients auf %1 konnte nicht gelesen werden (%2)</translation>
    </message>
    <message>
        <source>the server sent an invalid message (%1): %2</source>
        <translation>der Server hat eine ungültige Nachricht gesendet (%1): %2</translation>
    </message>
    <message>
        <source>the client sent an invalid message (%1): %2</source>
        <translation>der Client hat eine ungültige Nachricht gesendet (%1): %2</translation>
    </message>
    <message>
        <source>not connected to the server</source>
        <translation>nicht mit dem Server verbunden</translation>
    </message>
    <message>
        <source>%1 did not finish within the maximum time allowed</source>
        <translation>%1 wurde nicht innerhalb der erlaubten Höchstzeit fertig</translation>
    </message>
    <message>
        <source>%1 timed out: no answer or progress for %2 s</source>
        <translation>Zeitüberschreitung bei %1: %2 s lang keine Antwort und kein Fortschritt</translation>
    </message>
    <message>
        <source>the server sent a message of %1 bytes, over the limit of %2 bytes; it was dropped</source>
        <translation>der Server hat eine Nachricht von %1 Bytes gesendet, über der Grenze von %2 Bytes; sie wurde verworfen</translation>
    </message>
    <message>
        <source>the client sent a message of %1 bytes, over the limit of %2 bytes; it was dropped</source>
        <translation>der Client hat eine Nachricht von %1 Bytes gesendet, über der Grenze von %2 Bytes; sie wurde verworfen</translation>
    </message>
    <message>
        <source>the server&apos;s response was %1 bytes, over the limit of %2 bytes; it was dropped</source>
        <translation>die Antwort des Servers hatte %1 Bytes, über der Grenze von %2 Bytes; sie wurde verworfen</translation>
    </message>
    <message>
        <source>the client&apos;s response was %1 bytes, over the limit of %2 bytes; it was dropped</source>
        <translation>die Antwort des Clients hatte %1 Bytes, über der Grenze von %2 Bytes; sie wurde verworfen</translation>
    </message>
    <message>
        <source>the server reported an error without a request id: %1</source>
        <translation>der Server meldete einen Fehler ohne Anfrage-ID: %1</translation>
    </message>
    <message>
        <source>the client reported an error without a request id: %1</source>
        <translation>der Client meldete einen Fehler ohne Anfrage-ID: %1</translation>
    </message>
    <message>
        <source>the server answered request %1, which was never sent or was already answered</source>
        <translation>der Server hat auf die Anfrage %1 geantwortet, die nie gesendet oder schon beantwortet wurde</translation>
    </message>
    <message>
        <source>the client answered request %1, which was never sent or was already answered</source>
        <translation>der Client hat auf die Anfrage %1 geantwortet, die nie gesendet oder schon beantwortet wurde</translation>
    </message>
    <message>
        <source>the client session was shut down</source>
        <translation>die Client-Sitzung wurde beendet</translation>
    </message>
    <message>
        <source>the request was cancelled</source>
        <translation>die Anfrage wurde abgebrochen</translation>
    </message>
</context>
<context>
    <name>Toolgate::JsonText</name>
    <message>
        <source>Line %1, column %2: %3</source>
        <translation>Zeile %1, Spalte %2: %3</translation>
    </message>
    <message>
        <source>expected a JSON object ({} for none)</source>
        <translation>ein JSON-Objekt erwartet ({} für keine)</translation>
    </message>
    <message>
        <source>expected a single value, found several</source>
        <translation>einen einzelnen Wert erwartet, mehrere gefunden</translation>
    </message>
    <message>
        <source>expected a JSON object {…}, not a list</source>
        <translation>ein JSON-Objekt {…} erwartet, keine Liste</translation>
    </message>
</context>
<context>
    <name>Toolgate::JsonTreeModel</name>
    <message>
        <source>Key</source>
        <translation>Schlüssel</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Wert</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>Typ</translation>
    </message>
</context>
<context>
    <name>Toolgate::Jwt</name>
    <message>
        <source>the private key is not a PEM private key Toolgate can read</source>
        <translation>der private Schlüssel ist kein privater PEM-Schlüssel, den Toolgate lesen kann</translation>
    </message>
    <message>
        <source>ES256 needs an elliptic-curve P-256 private key; this key is another kind</source>
        <translation>ES256 braucht einen privaten Schlüssel auf der elliptischen Kurve P-256; dieser Schlüssel ist von anderer Art</translation>
    </message>
    <message>
        <source>signing the client assertion failed</source>
        <translation>das Signieren der Client-Assertion ist fehlgeschlagen</translation>
    </message>
    <message>
        <source>this build of Toolgate cannot sign client assertions (it was built without OpenSSL); use a client secret instead</source>
        <translation>dieser Toolgate-Build kann keine Client-Assertions signieren (er wurde ohne OpenSSL gebaut); verwenden Sie stattdessen ein Client-Geheimnis</translation>
    </message>
</context>
<context>
    <name>Toolgate::LargeTextView</name>
    <message>
        <source>Loading… %1 of %2</source>
        <translation>Wird geladen… %1 von %2</translation>
    </message>
    <message>
        <source>Showing the first %1 of %2.</source>
        <translation>Die ersten %1 von %2 werden gezeigt.</translation>
    </message>
    <message>
        <source>Lines longer than %1 characters are broken up for display.</source>
        <translation>Zeilen mit mehr als %1 Zeichen werden für die Anzeige umbrochen.</translation>
    </message>
    <message>
        <source>Too large to highlight.</source>
        <translation>Zu groß für die Syntaxhervorhebung.</translation>
    </message>
    <message>
        <source>Show all (%1)</source>
        <translation>Alles zeigen (%1)</translation>
    </message>
</context>
<context>
    <name>Toolgate::MainWindow</name>
    <message>
        <source>Your remembered decisions could not be read (%1); Toolgate will ask again.</source>
        <translation>Ihre gespeicherten Entscheidungen konnten nicht gelesen werden (%1); Toolgate fragt wieder nach.</translation>
    </message>
    <message>
        <source>Search tools</source>
        <translation>Werkzeuge suchen</translation>
    </message>
    <message>
        <source>Tools</source>
        <translation>Werkzeuge</translation>
    </message>
    <message>
        <source>Search resources</source>
        <translation>Ressourcen suchen</translation>
    </message>
    <message>
        <source>Resources</source>
        <translation>Ressourcen</translation>
    </message>
    <message>
        <source>Search prompts</source>
        <translation>Prompts suchen</translation>
    </message>
    <message>
        <source>Prompts</source>
        <translation>Prompts</translation>
    </message>
    <message>
        <source>Reload</source>
        <translation>Neu laden</translation>
    </message>
    <message>
        <source>Console</source>
        <translation>Konsole</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <source>&amp;Import Servers…</source>
        <translation>Server &amp;importieren…</translation>
    </message>
    <message>
        <source>&amp;Reload Servers File</source>
        <translation>Serverdatei &amp;neu laden</translation>
    </message>
    <message>
        <source>Open &amp;Configuration Folder</source>
        <translation>&amp;Konfigurationsordner öffnen</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <source>&amp;Servers</source>
        <translation>&amp;Server</translation>
    </message>
    <message>
        <source>Restart &amp;All</source>
        <translation>Alle &amp;neu starten</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <source>&amp;Find</source>
        <translation>&amp;Suchen</translation>
    </message>
    <message>
        <source>&amp;Tools</source>
        <translation>&amp;Werkzeuge</translation>
    </message>
    <message>
        <source>&amp;Resources</source>
        <translation>&amp;Ressourcen</translation>
    </message>
    <message>
        <source>&amp;Prompts</source>
        <translation>&amp;Prompts</translation>
    </message>
    <message>
        <source>&amp;Audit Log</source>
        <translation>A&amp;udit-Protokoll</translation>
    </message>
    <message>
        <source>S&amp;ettings</source>
        <translation>&amp;Einstellungen</translation>
    </message>
    <message>
        <source>&amp;Remembered Decisions…</source>
        <translation>&amp;Gespeicherte Entscheidungen…</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <source>&amp;Getting Started</source>
        <translation>&amp;Erste Schritte</translation>
    </message>
    <message>
        <source>&amp;About Toolgate</source>
        <translation>Ü&amp;ber Toolgate</translation>
    </message>
    <message>
        <source>About &amp;Qt</source>
        <translation>Über &amp;Qt</translation>
    </message>
    <message>
        <source>No servers</source>
        <translation>Keine Server</translation>
    </message>
    <message>
        <source>%1 of %2 ready · %3</source>
        <translation>%1 von %2 bereit · %3</translation>
    </message>
    <message>
        <source>1 server</source>
        <translation>1 Server</translation>
    </message>
    <message>
        <source>%1 servers</source>
        <translation>%1 Server</translation>
    </message>
    <message>
        <source>1 tool</source>
        <translation>1 Werkzeug</translation>
    </message>
    <message>
        <source>%1 tools</source>
        <translation>%1 Werkzeuge</translation>
    </message>
    <message>
        <source> · 1 call running</source>
        <translation> · 1 Aufruf läuft</translation>
    </message>
    <message>
        <source> · %1 calls running</source>
        <translation> · %1 Aufrufe laufen</translation>
    </message>
    <message>
        <source>Pick a resource to read it</source>
        <translation>Wählen Sie eine Ressource zum Lesen</translation>
    </message>
    <message>
        <source>Choose a resource on the left and press Read to see what the server holds.
Reading a resource changes nothing on the server.</source>
        <translation>Wählen Sie links eine Ressource und drücken Sie „Lesen“, um zu sehen, was der Server bereithält.
Das Lesen einer Ressource ändert nichts auf dem Server.</translation>
    </message>
    <message>
        <source>Pick a prompt to fill it in</source>
        <translation>Wählen Sie einen Prompt zum Ausfüllen</translation>
    </message>
    <message>
        <source>Choose a prompt on the left, fill in its arguments and press Get Prompt
to see the messages the server prepares from them.</source>
        <translation>Wählen Sie links einen Prompt, füllen Sie seine Argumente aus und drücken Sie „Prompt abrufen“,
um die Nachrichten zu sehen, die der Server daraus erstellt.</translation>
    </message>
    <message>
        <source>Pick a tool to try it</source>
        <translation>Wählen Sie ein Werkzeug zum Ausprobieren</translation>
    </message>
    <message>
        <source>Choose a tool on the left, fill in its arguments and press Run.
Toolgate asks you before anything is sent to a server.</source>
        <translation>Wählen Sie links ein Werkzeug, füllen Sie seine Argumente aus und drücken Sie „Ausführen“.
Toolgate fragt Sie, bevor irgendetwas an einen Server gesendet wird.</translation>
    </message>
    <message>
        <source>There is no server called &quot;%1&quot; any more, so %2 cannot run again.</source>
        <translation>Es gibt keinen Server „%1“ mehr, daher kann %2 nicht erneut ausgeführt werden.</translation>
    </message>
    <message>
        <source>The server &quot;%1&quot; no longer offers a tool called &quot;%2&quot;.</source>
        <translation>Der Server „%1“ bietet kein Werkzeug „%2“ mehr an.</translation>
    </message>
    <message>
        <source>Your servers file could not be read</source>
        <translation>Ihre Serverdatei konnte nicht gelesen werden</translation>
    </message>
    <message>
        <source>%1

Toolgate has not changed the file. Fix it in a text editor, then press Reload.</source>
        <translation>%1

Toolgate hat die Datei nicht verändert. Korrigieren Sie sie in einem Texteditor und drücken Sie dann „Neu laden“.</translation>
    </message>
    <message>
        <source>Your servers could not be saved</source>
        <translation>Ihre Server konnten nicht gespeichert werden</translation>
    </message>
    <message>
        <source>Welcome to Toolgate! The demo server is set up so you can try some tools right away.</source>
        <translation>Willkommen bei Toolgate! Der Demo-Server ist eingerichtet, damit Sie gleich einige Werkzeuge ausprobieren können.</translation>
    </message>
    <message>
        <source>Reloaded %1.</source>
        <translation>%1 neu geladen.</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>Import Servers</source>
        <translation>Server importieren</translation>
    </message>
    <message>
        <source>Some servers were not imported.</source>
        <translation>Einige Server wurden nicht importiert.</translation>
    </message>
    <message>
        <source>Imported %1.</source>
        <translation>%1 importiert.</translation>
    </message>
    <message>
        <source>Toolgate only opens web links; %1 was not opened.</source>
        <translation>Toolgate öffnet nur Weblinks; %1 wurde nicht geöffnet.</translation>
    </message>
    <message>
        <source>Open Link</source>
        <translation>Link öffnen</translation>
    </message>
    <message>
        <source>Open this link in your web browser?</source>
        <translation>Diesen Link im Webbrowser öffnen?</translation>
    </message>
    <message>
        <source>Quit Toolgate</source>
        <translation>Toolgate beenden</translation>
    </message>
    <message>
        <source>A tool call is still running. Quit anyway?</source>
        <translation>Ein Werkzeugaufruf läuft noch. Trotzdem beenden?</translation>
    </message>
    <message>
        <source>%1 tool calls are still running. Quit anyway?</source>
        <translation>%1 Werkzeugaufrufe laufen noch. Trotzdem beenden?</translation>
    </message>
    <message>
        <source>Cancel the Calls and Quit</source>
        <translation>Aufrufe abbrechen und beenden</translation>
    </message>
    <message>
        <source>Keep Running</source>
        <translation>Weiterlaufen lassen</translation>
    </message>
    <message>
        <source>The argument rules are not used: %1</source>
        <translation>Die Argumentregeln werden nicht verwendet: %1</translation>
    </message>
    <message>
        <source>&amp;Argument Rules…</source>
        <translation>&amp;Argumentregeln…</translation>
    </message>
    <message>
        <source>Tasks</source>
        <translation>Aufgaben</translation>
    </message>
    <message>
        <source>Tasks (%1 running)</source>
        <translation>Aufgaben (%1 laufen)</translation>
    </message>
    <message>
        <source>%1 on %2 runs as a task: see Tasks.</source>
        <translation>%1 auf %2 läuft als Aufgabe: siehe Aufgaben.</translation>
    </message>
    <message>
        <source>Collections</source>
        <translation>Sammlungen</translation>
    </message>
    <message>
        <source>Saved to %1</source>
        <translation>In %1 gespeichert</translation>
    </message>
    <message>
        <source>Your decision counts until Toolgate quits, but it could not be saved: %1</source>
        <translation>Ihre Entscheidung gilt, bis Toolgate beendet wird, konnte aber nicht gespeichert werden: %1</translation>
    </message>
    <message>
        <source>Chat</source>
        <translation>Chat</translation>
    </message>
    <message>
        <source>&amp;Models…</source>
        <translation>&amp;Modelle …</translation>
    </message>
    <message>
        <source>New to Toolgate?</source>
        <translation>Neu bei Toolgate?</translation>
    </message>
    <message>
        <source>Help › Getting Started shows in a few steps how to try a tool, add your own servers and decide what they may do.</source>
        <translation>Hilfe › Erste Schritte zeigt in wenigen Schritten, wie Sie ein Werkzeug ausprobieren, eigene Server hinzufügen und entscheiden, was sie dürfen.</translation>
    </message>
    <message>
        <source>Open Getting Started</source>
        <translation>Erste Schritte öffnen</translation>
    </message>
    <message>
        <source>Dismiss</source>
        <translation>Ausblenden</translation>
    </message>
    <message>
        <source>Hide this hint for good. The guide stays in the Help menu.</source>
        <translation>Diesen Hinweis dauerhaft ausblenden. Die Anleitung bleibt im Hilfe-Menü.</translation>
    </message>
</context>
<context>
    <name>Toolgate::McpApps</name>
    <message>
        <source>use your camera</source>
        <translation>Ihre Kamera verwenden</translation>
    </message>
    <message>
        <source>use your microphone</source>
        <translation>Ihr Mikrofon verwenden</translation>
    </message>
    <message>
        <source>know your location</source>
        <translation>Ihren Standort kennen</translation>
    </message>
    <message>
        <source>write to your clipboard</source>
        <translation>in Ihre Zwischenablage schreiben</translation>
    </message>
    <message>
        <source>its app resource %1 is not a ui:// URI, so it is not shown</source>
        <translation>seine App-Ressource %1 ist keine ui://-URI und wird daher nicht gezeigt</translation>
    </message>
    <message>
        <source>its visibility is not a list of names; the default (model and app) applies</source>
        <translation>seine Sichtbarkeit ist keine Liste von Namen; es gilt die Vorgabe (Modell und App)</translation>
    </message>
    <message>
        <source>model and app</source>
        <translation>Modell und App</translation>
    </message>
    <message>
        <source>app only</source>
        <translation>nur App</translation>
    </message>
    <message>
        <source>model only</source>
        <translation>nur Modell</translation>
    </message>
    <message>
        <source>csp.%1 is not a list; ignored</source>
        <translation>csp.%1 ist keine Liste; ignoriert</translation>
    </message>
    <message>
        <source>csp.%1 entry %2 is not a plain origin; ignored</source>
        <translation>csp.%1, Eintrag %2, ist kein einfacher Ursprung; ignoriert</translation>
    </message>
    <message>
        <source>permission %1 is not one Toolgate knows; ignored</source>
        <translation>die Berechtigung %1 kennt Toolgate nicht; ignoriert</translation>
    </message>
    <message>
        <source>(not text)</source>
        <translation>(kein Text)</translation>
    </message>
    <message>
        <source>the server&apos;s %1 is not an app: Toolgate renders %2, the server sent %3</source>
        <translation>%1 des Servers ist keine App: Toolgate stellt %2 dar, der Server sandte %3</translation>
    </message>
    <message>
        <source>no type</source>
        <translation>keinen Typ</translation>
    </message>
    <message>
        <source>the app %1 is larger than %2 MB; Toolgate does not render it</source>
        <translation>die App %1 ist größer als %2 MB; Toolgate stellt sie nicht dar</translation>
    </message>
    <message>
        <source>the app %1 came as a blob that is not valid base64</source>
        <translation>die App %1 kam als Blob, der kein gültiges Base64 ist</translation>
    </message>
    <message>
        <source>the app %1 is empty</source>
        <translation>die App %1 ist leer</translation>
    </message>
</context>
<context>
    <name>Toolgate::McpServer</name>
    <message>
        <source>the tool &quot;%1&quot; finished without an answer</source>
        <translation>das Werkzeug &quot;%1&quot; endete ohne Antwort</translation>
    </message>
</context>
<context>
    <name>Toolgate::MessageBanner</name>
    <message numerus="yes">
        <source>… and %n more</source>
        <translation>
            <numerusform>… und %n weitere</numerusform>
            <numerusform>… und %n weitere</numerusform>
        </translation>
    </message>
    <message>
        <source>Show fewer</source>
        <translation>Weniger anzeigen</translation>
    </message>
    <message numerus="yes">
        <source>Show all %n</source>
        <translation>
            <numerusform>Alle %n anzeigen</numerusform>
            <numerusform>Alle %n anzeigen</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Toolgate::ModelClient</name>
    <message>
        <source>asking the model &quot;%1&quot; at %2</source>
        <translation>die Anfrage an das Modell &quot;%1&quot; unter %2</translation>
    </message>
</context>
<context>
    <name>Toolgate::ModelConnectionTest</name>
    <message>
        <source>The model server at %1 did not answer within %2 seconds. It may be overloaded or still loading the model; try again.</source>
        <translation>Der Modellserver unter %1 hat nicht innerhalb von %2 Sekunden geantwortet. Er ist vielleicht überlastet oder lädt noch das Modell; versuchen Sie es noch einmal.</translation>
    </message>
    <message>
        <source>The connection works: the model &quot;%1&quot; at %2 answered, and tools can be offered to it.</source>
        <translation>Die Verbindung funktioniert: Das Modell &quot;%1&quot; unter %2 hat geantwortet, und ihm lassen sich Werkzeuge anbieten.</translation>
    </message>
    <message>
        <source>The connection test was cancelled.</source>
        <translation>Der Verbindungstest wurde abgebrochen.</translation>
    </message>
</context>
<context>
    <name>Toolgate::ModelErrors</name>
    <message>
        <source>%1 failed: nothing is listening at %2. Check that the model server is running and that the address and port are right.</source>
        <translation>%1 ist gescheitert: unter %2 lauscht nichts. Prüfen Sie, ob der Modellserver läuft und Adresse und Port stimmen.</translation>
    </message>
    <message>
        <source>%1 failed: the host name &quot;%2&quot; could not be found. Check the base URL and your network connection.</source>
        <translation>%1 ist gescheitert: der Hostname &quot;%2&quot; wurde nicht gefunden. Prüfen Sie die Basis-URL und Ihre Netzwerkverbindung.</translation>
    </message>
    <message>
        <source>%1 failed: %2 sent nothing for too long. The model server may be overloaded or still loading the model.</source>
        <translation>%1 ist gescheitert: %2 hat zu lange nichts gesendet. Der Modellserver ist vielleicht überlastet oder lädt noch das Modell.</translation>
    </message>
    <message>
        <source> The server said: &quot;%1&quot;</source>
        <translation> Der Server sagte: &quot;%1&quot;</translation>
    </message>
    <message>
        <source>%1 failed: the model server refused the API key (HTTP 401). Check the key in the connection&apos;s settings.</source>
        <translation>%1 ist gescheitert: der Modellserver hat den API-Schlüssel abgelehnt (HTTP 401). Prüfen Sie den Schlüssel in den Einstellungen der Verbindung.</translation>
    </message>
    <message>
        <source>%1 failed: the model server does not allow this key to do that (HTTP 403). Check the key and the account&apos;s permissions.</source>
        <translation>%1 ist gescheitert: der Modellserver erlaubt diesem Schlüssel das nicht (HTTP 403). Prüfen Sie den Schlüssel und die Rechte des Kontos.</translation>
    </message>
    <message>
        <source>%1 failed: the model server is rate-limiting requests (HTTP 429); it asks to wait %2 seconds.</source>
        <translation>%1 ist gescheitert: der Modellserver begrenzt die Anfragen (HTTP 429); er bittet, %2 Sekunden zu warten.</translation>
    </message>
    <message>
        <source>%1 failed: the model server is rate-limiting requests (HTTP 429); wait a little and try again.</source>
        <translation>%1 ist gescheitert: der Modellserver begrenzt die Anfragen (HTTP 429); warten Sie etwas und versuchen Sie es noch einmal.</translation>
    </message>
    <message>
        <source>%1 failed: this model or server cannot call tools (HTTP %2). Choose a model with tool support, or enable it in the server.</source>
        <translation>%1 ist gescheitert: dieses Modell oder dieser Server kann keine Werkzeuge aufrufen (HTTP %2). Wählen Sie ein Modell, das Werkzeuge unterstützt, oder schalten Sie sie im Server ein.</translation>
    </message>
    <message>
        <source>%1 failed: the model server does not know this model (HTTP %2). Check the model name (for Ollama, pull the model first).</source>
        <translation>%1 ist gescheitert: der Modellserver kennt dieses Modell nicht (HTTP %2). Prüfen Sie den Modellnamen (bei Ollama laden Sie das Modell zuerst mit pull).</translation>
    </message>
    <message>
        <source>%1 failed: there is no model API at %2 (HTTP 404). Check the base URL: for OpenAI-compatible servers it usually ends in /v1.</source>
        <translation>%1 ist gescheitert: unter %2 gibt es keine Modell-API (HTTP 404). Prüfen Sie die Basis-URL: bei OpenAI-kompatiblen Servern endet sie meist auf /v1.</translation>
    </message>
    <message>
        <source>%1 failed: the model server has a problem (HTTP %2). Try again later.</source>
        <translation>%1 ist gescheitert: der Modellserver hat ein Problem (HTTP %2). Versuchen Sie es später noch einmal.</translation>
    </message>
    <message>
        <source>%1 failed: the model server refused the request (HTTP %2).</source>
        <translation>%1 ist gescheitert: der Modellserver hat die Anfrage abgelehnt (HTTP %2).</translation>
    </message>
</context>
<context>
    <name>Toolgate::ModelKeys</name>
    <message>
        <source>the API key of the model &quot;%1&quot; could not be read from %2: %3</source>
        <translation>der API-Schlüssel des Modells &quot;%1&quot; konnte nicht aus %2 gelesen werden: %3</translation>
    </message>
    <message>
        <source>the models file says the API key of the model &quot;%1&quot; is kept in %2 (as &quot;%3&quot;), but it is not there; store the key there again</source>
        <translation>laut Modelldatei liegt der API-Schlüssel des Modells &quot;%1&quot; in %2 (als &quot;%3&quot;), doch dort ist er nicht; legen Sie den Schlüssel dort erneut ab</translation>
    </message>
</context>
<context>
    <name>Toolgate::ModelTurn</name>
    <message>
        <source>%1 failed: the answer took longer than %2 seconds; it was stopped.</source>
        <translation>%1 ist gescheitert: die Antwort dauerte länger als %2 Sekunden; sie wurde abgebrochen.</translation>
    </message>
    <message>
        <source>%1 was cancelled.</source>
        <translation>%1 wurde abgebrochen.</translation>
    </message>
    <message>
        <source>%1 failed: the model server announced an answer of %2, more than the %3 Toolgate accepts.</source>
        <translation>%1 ist gescheitert: der Modellserver kündigte eine Antwort von %2 an, mehr als die %3, die Toolgate annimmt.</translation>
    </message>
    <message>
        <source>%1 failed: the model server sent more than %2; the answer was stopped.</source>
        <translation>%1 ist gescheitert: der Modellserver sandte mehr als %2; die Antwort wurde abgebrochen.</translation>
    </message>
    <message>
        <source>%1 failed: the model server sent one event larger than %2; the answer was stopped.</source>
        <translation>%1 ist gescheitert: der Modellserver sandte ein einzelnes Ereignis größer als %2; die Antwort wurde abgebrochen.</translation>
    </message>
    <message>
        <source>%1 failed: %2</source>
        <translation>%1 ist gescheitert: %2</translation>
    </message>
    <message>
        <source>%1 failed: the connection broke before the answer was complete (%2).</source>
        <translation>%1 ist gescheitert: die Verbindung brach ab, bevor die Antwort vollständig war (%2).</translation>
    </message>
</context>
<context>
    <name>Toolgate::ModelsDialog</name>
    <message>
        <source>Add</source>
        <translation>Hinzufügen</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Entfernen</translation>
    </message>
    <message>
        <source>Test Connection</source>
        <translation>Verbindung testen</translation>
    </message>
    <message>
        <source>Models</source>
        <translation>Modelle</translation>
    </message>
    <message>
        <source>OpenAI-compatible (OpenAI, Ollama, LM Studio, llama.cpp, vLLM, OpenRouter)</source>
        <translation>OpenAI-kompatibel (OpenAI, Ollama, LM Studio, llama.cpp, vLLM, OpenRouter)</translation>
    </message>
    <message>
        <source>Anthropic Messages</source>
        <translation>Anthropic (Nachrichten-API)</translation>
    </message>
    <message>
        <source>e.g. qwen2.5:7b, gpt-4o-mini, claude-sonnet-4-5</source>
        <translation>z. B. qwen2.5:7b, gpt-4o-mini, claude-sonnet-4-5</translation>
    </message>
    <message>
        <source>One per line: Name: value</source>
        <translation>Einer pro Zeile: Name: Wert</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>unbekannt</translation>
    </message>
    <message>
        <source> tokens</source>
        <translation> Tokens</translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation>&amp;Name:</translation>
    </message>
    <message>
        <source>&amp;API:</source>
        <translation>&amp;API:</translation>
    </message>
    <message>
        <source>&amp;Base URL:</source>
        <translation>&amp;Basis-URL:</translation>
    </message>
    <message>
        <source>&amp;Model:</source>
        <translation>&amp;Modell:</translation>
    </message>
    <message>
        <source>API &amp;key:</source>
        <translation>API-&amp;Schlüssel:</translation>
    </message>
    <message>
        <source>&amp;Headers:</source>
        <translation>&amp;Header:</translation>
    </message>
    <message>
        <source>&amp;Context limit:</source>
        <translation>&amp;Kontextgrenze:</translation>
    </message>
    <message>
        <source>The key is kept in the system keychain, never in models.json. Local servers (Ollama, LM Studio, llama.cpp) need none.</source>
        <translation>Der Schlüssel wird im Schlüsselbund des Systems aufbewahrt, nie in models.json. Lokale Server (Ollama, LM Studio, llama.cpp) brauchen keinen.</translation>
    </message>
    <message>
        <source>kept in the system keychain; type to replace it</source>
        <translation>im Schlüsselbund des Systems gespeichert; zum Ersetzen eintippen</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keiner</translation>
    </message>
    <message>
        <source>(unnamed)</source>
        <translation>(ohne Namen)</translation>
    </message>
    <message>
        <source>Every connection needs a name.</source>
        <translation>Jede Verbindung braucht einen Namen.</translation>
    </message>
    <message>
        <source>%1: the base URL must be an http:// or https:// address.</source>
        <translation>%1: Die Basis-URL muss eine http://- oder https://-Adresse sein.</translation>
    </message>
    <message>
        <source>%1: the base URL must not hold a user name or password; put the key into the API key field.</source>
        <translation>%1: Die Basis-URL darf weder Benutzernamen noch Passwort enthalten; tragen Sie den Schlüssel in das Feld API-Schlüssel ein.</translation>
    </message>
    <message>
        <source>%1: name the model the server should run.</source>
        <translation>%1: Nennen Sie das Modell, das der Server ausführen soll.</translation>
    </message>
    <message>
        <source>%1: each header line reads &quot;Name: value&quot;.</source>
        <translation>%1: Jede Header-Zeile lautet &quot;Name: Wert&quot;.</translation>
    </message>
    <message>
        <source>Two connections are called %1; give each its own name.</source>
        <translation>Zwei Verbindungen heißen %1; geben Sie jeder einen eigenen Namen.</translation>
    </message>
    <message>
        <source>Testing…</source>
        <translation>Wird getestet …</translation>
    </message>
    <message>
        <source>Saving…</source>
        <translation>Wird gespeichert …</translation>
    </message>
    <message>
        <source>Not saved: %1</source>
        <translation>Nicht gespeichert: %1</translation>
    </message>
    <message>
        <source>Model connections</source>
        <translation>Modellverbindungen</translation>
    </message>
</context>
<context>
    <name>Toolgate::ModelsFile</name>
    <message>
        <source>invalid JSON at offset %1: %2</source>
        <translation>ungültiges JSON an Position %1: %2</translation>
    </message>
    <message>
        <source>the top level must be an object holding &quot;models&quot;</source>
        <translation>die oberste Ebene muss ein Objekt mit &quot;models&quot; sein</translation>
    </message>
    <message>
        <source>&quot;models&quot; must be an object mapping names to connections</source>
        <translation>&quot;models&quot; muss ein Objekt sein, das Namen Verbindungen zuordnet</translation>
    </message>
    <message>
        <source>model connection &quot;%1&quot;: %2</source>
        <translation>Modellverbindung &quot;%1&quot;: %2</translation>
    </message>
    <message>
        <source>must be an object</source>
        <translation>muss ein Objekt sein</translation>
    </message>
    <message>
        <source>&quot;%1&quot; must be a string</source>
        <translation>&quot;%1&quot; muss eine Zeichenkette sein</translation>
    </message>
    <message>
        <source>&quot;api&quot; must be &quot;openai&quot; or &quot;anthropic&quot;, not &quot;%1&quot;</source>
        <translation>&quot;api&quot; muss &quot;openai&quot; oder &quot;anthropic&quot; sein, nicht &quot;%1&quot;</translation>
    </message>
    <message>
        <source>&quot;baseUrl&quot; must be an http:// or https:// URL, not &quot;%1&quot;</source>
        <translation>&quot;baseUrl&quot; muss eine http://- oder https://-URL sein, nicht &quot;%1&quot;</translation>
    </message>
    <message>
        <source>&quot;baseUrl&quot; must not hold a user name or password; the key belongs in the keychain</source>
        <translation>&quot;baseUrl&quot; darf keinen Benutzernamen und kein Passwort enthalten; der Schlüssel gehört in den Schlüsselbund</translation>
    </message>
    <message>
        <source>&quot;model&quot; names no model</source>
        <translation>&quot;model&quot; nennt kein Modell</translation>
    </message>
    <message>
        <source>&quot;headers&quot; must be an object of names and string values</source>
        <translation>&quot;headers&quot; muss ein Objekt aus Namen und Zeichenketten sein</translation>
    </message>
    <message>
        <source>the header &quot;%1&quot; must have a string value</source>
        <translation>der Header &quot;%1&quot; muss eine Zeichenkette als Wert haben</translation>
    </message>
    <message>
        <source>&quot;%1&quot; must be a whole number of tokens</source>
        <translation>&quot;%1&quot; muss eine ganze Zahl von Tokens sein</translation>
    </message>
    <message>
        <source>cannot read the models file %1: %2</source>
        <translation>die Modelldatei %1 kann nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>cannot save a model connection without a name</source>
        <translation>eine Modellverbindung ohne Namen kann nicht gespeichert werden</translation>
    </message>
    <message>
        <source>cannot save: two model connections are named &quot;%1&quot;</source>
        <translation>Speichern nicht möglich: zwei Modellverbindungen heißen &quot;%1&quot;</translation>
    </message>
</context>
<context>
    <name>Toolgate::NullFieldEditor</name>
    <message>
        <source>null (nothing to enter)</source>
        <translation>null (nichts einzugeben)</translation>
    </message>
    <message>
        <source>Send null</source>
        <translation>null senden</translation>
    </message>
</context>
<context>
    <name>Toolgate::NullableFieldEditor</name>
    <message>
        <source>Send null instead of a value</source>
        <translation>null statt eines Werts senden</translation>
    </message>
    <message>
        <source>Send null instead</source>
        <translation>Stattdessen null senden</translation>
    </message>
    <message>
        <source>null</source>
        <translation>null</translation>
    </message>
</context>
<context>
    <name>Toolgate::NumberFieldEditor</name>
    <message>
        <source>is too large</source>
        <translation>ist zu groß</translation>
    </message>
    <message>
        <source>must be a whole number</source>
        <translation>muss eine ganze Zahl sein</translation>
    </message>
    <message>
        <source>must be a number</source>
        <translation>muss eine Zahl sein</translation>
    </message>
    <message>
        <source>more than %1</source>
        <translation>größer als %1</translation>
    </message>
    <message>
        <source>at least %1</source>
        <translation>mindestens %1</translation>
    </message>
    <message>
        <source>less than %1</source>
        <translation>kleiner als %1</translation>
    </message>
    <message>
        <source>at most %1</source>
        <translation>höchstens %1</translation>
    </message>
    <message>
        <source>whole number, %1 – %2</source>
        <translation>ganze Zahl, %1 – %2</translation>
    </message>
    <message>
        <source>%1 – %2</source>
        <translation>%1 – %2</translation>
    </message>
    <message>
        <source>whole number</source>
        <translation>ganze Zahl</translation>
    </message>
    <message>
        <source>number</source>
        <translation>Zahl</translation>
    </message>
    <message>
        <source>whole number, %1</source>
        <translation>ganze Zahl, %1</translation>
    </message>
    <message>
        <source>number, %1</source>
        <translation>Zahl, %1</translation>
    </message>
    <message>
        <source>, </source>
        <translation>, </translation>
    </message>
</context>
<context>
    <name>Toolgate::OAuthAuthenticator</name>
    <message>
        <source>%1 failed: the answer is too large</source>
        <translation>%1 fehlgeschlagen: Die Antwort ist zu groß</translation>
    </message>
    <message>
        <source>%1 failed: the answer is not a JSON object</source>
        <translation>%1 fehlgeschlagen: Die Antwort ist kein JSON-Objekt</translation>
    </message>
    <message>
        <source>%1 failed: the server answered &quot;%2&quot;</source>
        <translation>%1 fehlgeschlagen: Der Server antwortete &quot;%2&quot;</translation>
    </message>
    <message>
        <source>signing in to %1 failed: %2</source>
        <translation>die Anmeldung bei %1 ist fehlgeschlagen: %2</translation>
    </message>
    <message>
        <source>using the saved sign-in for %1</source>
        <translation>die gespeicherte Anmeldung für %1 wird verwendet</translation>
    </message>
    <message>
        <source>protected resource metadata</source>
        <translation>Abrufen der Metadaten der geschützten Ressource</translation>
    </message>
    <message>
        <source>%1 publishes no protected resource metadata; using the 2025-03-26 discovery</source>
        <translation>%1 veröffentlicht keine Metadaten der geschützten Ressource; die Erkennung nach 2025-03-26 wird verwendet</translation>
    </message>
    <message>
        <source>its metadata says it is &quot;%1&quot;, which is not this server&apos;s address; refused for safety, as the credentials would be meant for another service</source>
        <translation>seine Metadaten geben &quot;%1&quot; an, was nicht die Adresse dieses Servers ist; aus Sicherheitsgründen abgelehnt, da die Zugangsdaten für einen anderen Dienst bestimmt wären</translation>
    </message>
    <message>
        <source>its metadata names no authorization server</source>
        <translation>seine Metadaten nennen keinen Autorisierungsserver</translation>
    </message>
    <message>
        <source>authorization server metadata</source>
        <translation>Abrufen der Metadaten des Autorisierungsservers</translation>
    </message>
    <message>
        <source>the authorization server&apos;s metadata names the issuer &quot;%1&quot; instead of &quot;%2&quot;; refused for safety</source>
        <translation>die Metadaten des Autorisierungsservers nennen den Aussteller &quot;%1&quot; statt &quot;%2&quot;; aus Sicherheitsgründen abgelehnt</translation>
    </message>
    <message>
        <source>no authorization server metadata was found for %1</source>
        <translation>für %1 wurden keine Metadaten eines Autorisierungsservers gefunden</translation>
    </message>
    <message>
        <source>no authorization server metadata at %1; using the default endpoints</source>
        <translation>keine Metadaten eines Autorisierungsservers unter %1; die Standard-Endpunkte werden verwendet</translation>
    </message>
    <message>
        <source>its authorization server does not offer PKCE with S256, which MCP requires to keep the sign-in safe; Toolgate will not sign in there</source>
        <translation>sein Autorisierungsserver bietet kein PKCE mit S256, das MCP für eine sichere Anmeldung verlangt; Toolgate meldet sich dort nicht an</translation>
    </message>
    <message>
        <source>a person has to sign in, and this program cannot show a sign-in page</source>
        <translation>eine Person muss sich anmelden, und dieses Programm kann keine Anmeldeseite zeigen</translation>
    </message>
    <message>
        <source>its authorization server (%1) does not let Toolgate register itself. Register a client for Toolgate there (redirect URI %2) and enter its client ID in the server&apos;s settings</source>
        <translation>sein Autorisierungsserver (%1) lässt Toolgate sich nicht selbst registrieren. Registrieren Sie dort einen Client für Toolgate (Weiterleitungs-URI %2) und tragen Sie dessen Client-ID in den Einstellungen des Servers ein</translation>
    </message>
    <message>
        <source>registering Toolgate with the authorization server %1</source>
        <translation>Toolgate wird beim Autorisierungsserver %1 registriert</translation>
    </message>
    <message>
        <source>registering with the authorization server</source>
        <translation>Registrieren beim Autorisierungsserver</translation>
    </message>
    <message>
        <source>the authorization server&apos;s registration answer has no client_id</source>
        <translation>die Registrierungsantwort des Autorisierungsservers enthält keine client_id</translation>
    </message>
    <message>
        <source>refreshing the access token</source>
        <translation>Erneuern des Zugriffstokens</translation>
    </message>
    <message>
        <source>renewed the sign-in for %1</source>
        <translation>die Anmeldung für %1 wurde erneuert</translation>
    </message>
    <message>
        <source>the saved sign-in for %1 could not be renewed; signing in again</source>
        <translation>die gespeicherte Anmeldung für %1 konnte nicht erneuert werden; es wird neu angemeldet</translation>
    </message>
    <message>
        <source>the authorization server names no authorization endpoint</source>
        <translation>der Autorisierungsserver nennt keinen Autorisierungs-Endpunkt</translation>
    </message>
    <message>
        <source>signing in to %1 at %2</source>
        <translation>Anmeldung bei %1 über %2</translation>
    </message>
    <message>
        <source>the sign-in came back with the wrong state; it may not be from this sign-in and was refused</source>
        <translation>die Anmeldung kam mit dem falschen state zurück; sie stammt womöglich nicht von dieser Anmeldung und wurde abgelehnt</translation>
    </message>
    <message>
        <source>the sign-in answer did not come from the expected authorization server; refused for safety</source>
        <translation>die Antwort der Anmeldung kam nicht vom erwarteten Autorisierungsserver; aus Sicherheitsgründen abgelehnt</translation>
    </message>
    <message>
        <source>the authorization server refused the sign-in (%1)</source>
        <translation>der Autorisierungsserver hat die Anmeldung abgelehnt (%1)</translation>
    </message>
    <message>
        <source>the sign-in came back without an authorization code</source>
        <translation>die Anmeldung kam ohne Autorisierungscode zurück</translation>
    </message>
    <message>
        <source>signed in to %1</source>
        <translation>bei %1 angemeldet</translation>
    </message>
    <message>
        <source>getting the access token</source>
        <translation>Abholen des Zugriffstokens</translation>
    </message>
    <message>
        <source>the token answer has no access_token</source>
        <translation>die Token-Antwort enthält kein access_token</translation>
    </message>
    <message>
        <source>the authorization server issued a &quot;%1&quot; token; MCP needs a Bearer token</source>
        <translation>der Autorisierungsserver hat ein Token vom Typ &quot;%1&quot; ausgestellt; MCP braucht ein Bearer-Token</translation>
    </message>
    <message>
        <source>the client credentials grant needs a client ID; enter it in the server&apos;s settings</source>
        <translation>die Anmeldung mit Client-Zugangsdaten braucht eine Client-ID; tragen Sie sie in den Einstellungen des Servers ein</translation>
    </message>
    <message>
        <source>getting an access token for %1 with the client credentials</source>
        <translation>für %1 wird mit den Client-Zugangsdaten ein Zugriffstoken geholt</translation>
    </message>
    <message>
        <source>cross-app access needs the identity provider&apos;s token endpoint and an ID token</source>
        <translation>App-übergreifender Zugriff braucht den Token-Endpunkt des Identitätsanbieters und ein ID-Token</translation>
    </message>
    <message>
        <source>exchanging the enterprise sign-in for an authorization grant at %1</source>
        <translation>die Unternehmensanmeldung wird bei %1 gegen eine Autorisierung getauscht</translation>
    </message>
    <message>
        <source>exchanging the identity token</source>
        <translation>Tauschen des Identitätstokens</translation>
    </message>
    <message>
        <source>the identity provider&apos;s answer has no authorization grant</source>
        <translation>die Antwort des Identitätsanbieters enthält keine Autorisierung</translation>
    </message>
    <message>
        <source>no DPoP key is saved</source>
        <translation>kein DPoP-Schlüssel gespeichert</translation>
    </message>
    <message>
        <source>binding the tokens for %1 to a key of its own (DPoP)</source>
        <translation>die Tokens für %1 an einen eigenen Schlüssel binden (DPoP)</translation>
    </message>
    <message>
        <source>getting an access token for %1 with the workload token from %2</source>
        <translation>ein Zugriffstoken für %1 mit dem Workload-Token aus %2 holen</translation>
    </message>
</context>
<context>
    <name>Toolgate::OAuthMetadata</name>
    <message>
        <source>the protected resource metadata has no &quot;resource&quot;</source>
        <translation>den Metadaten der geschützten Ressource fehlt &quot;resource&quot;</translation>
    </message>
    <message>
        <source>the authorization server metadata has no &quot;issuer&quot;</source>
        <translation>den Metadaten des Autorisierungsservers fehlt &quot;issuer&quot;</translation>
    </message>
    <message>
        <source>the authorization server metadata has no usable &quot;token_endpoint&quot;</source>
        <translation>die Metadaten des Autorisierungsservers haben keinen brauchbaren &quot;token_endpoint&quot;</translation>
    </message>
</context>
<context>
    <name>Toolgate::ObjectFieldEditor</name>
    <message>
        <source> (deprecated)</source>
        <translation> (veraltet)</translation>
    </message>
    <message>
        <source>Also sent, not described by the tool: %1. Edit them on the JSON tab.</source>
        <translation>Ebenfalls gesendet, vom Werkzeug nicht beschrieben: %1. Bearbeiten Sie sie im Reiter JSON.</translation>
    </message>
    <message>
        <source>, </source>
        <translation>, </translation>
    </message>
</context>
<context>
    <name>Toolgate::OpenAiChatClient</name>
    <message>
        <source>the model server reported an error: %1</source>
        <translation>der Modellserver meldete einen Fehler: %1</translation>
    </message>
    <message>
        <source>the model server&apos;s stream held something that is not a JSON object: %1</source>
        <translation>der Datenstrom des Modellservers enthielt etwas, das kein JSON-Objekt ist: %1</translation>
    </message>
    <message>
        <source>the stream ended before the answer was complete.</source>
        <translation>der Datenstrom endete, bevor die Antwort vollständig war.</translation>
    </message>
    <message>
        <source>the model server&apos;s answer is not a JSON object: %1</source>
        <translation>die Antwort des Modellservers ist kein JSON-Objekt: %1</translation>
    </message>
    <message>
        <source>the model server&apos;s answer has no &quot;choices&quot;.</source>
        <translation>die Antwort des Modellservers hat keine &quot;choices&quot;.</translation>
    </message>
</context>
<context>
    <name>Toolgate::Plugins</name>
    <message>
        <source>%1 was not found (looked in %2); reinstall Toolgate</source>
        <translation>%1 wurde nicht gefunden (gesucht in %2); installieren Sie Toolgate neu</translation>
    </message>
    <message>
        <source>%1 could not be loaded: %2</source>
        <translation>%1 konnte nicht geladen werden: %2</translation>
    </message>
    <message>
        <source>%1 is not the plugin this version of Toolgate expects; reinstall Toolgate</source>
        <translation>%1 ist nicht das Plugin, das diese Toolgate-Version erwartet; installieren Sie Toolgate neu</translation>
    </message>
</context>
<context>
    <name>Toolgate::ProbeClassifier</name>
    <message>
        <source>no answer in time</source>
        <translation>keine Antwort in der vorgesehenen Zeit</translation>
    </message>
    <message>
        <source>the program exited</source>
        <translation>das Programm hat sich beendet</translation>
    </message>
    <message>
        <source>text that is not MCP (&quot;%1&quot;)</source>
        <translation>Text, der kein MCP ist („%1“)</translation>
    </message>
    <message>
        <source>the server answered server/discover with something that is not JSON-RPC (&quot;%1&quot;)</source>
        <translation>der Server hat server/discover mit etwas beantwortet, das kein JSON-RPC ist („%1“)</translation>
    </message>
    <message>
        <source>the connection closed</source>
        <translation>die Verbindung wurde geschlossen</translation>
    </message>
    <message>
        <source>could not ask the server which protocol era it speaks: %1</source>
        <translation>der Server konnte nicht gefragt werden, welche Protokoll-Ära er spricht: %1</translation>
    </message>
    <message>
        <source>a result that is not a server/discover result</source>
        <translation>ein Ergebnis, das kein server/discover-Ergebnis ist</translation>
    </message>
    <message>
        <source>the server speaks MCP %1; Toolgate speaks %2</source>
        <translation>der Server spricht MCP %1; Toolgate spricht %2</translation>
    </message>
    <message>
        <source>error %1 (%2)</source>
        <translation>Fehler %1 (%2)</translation>
    </message>
    <message>
        <source>the server wants a sign-in first (HTTP 401)</source>
        <translation>der Server verlangt zuerst eine Anmeldung (HTTP 401)</translation>
    </message>
    <message>
        <source>the server denied access (HTTP 403)</source>
        <translation>der Server hat den Zugriff verweigert (HTTP 403)</translation>
    </message>
    <message>
        <source>the server failed (HTTP %1)</source>
        <translation>der Server ist gescheitert (HTTP %1)</translation>
    </message>
    <message>
        <source>HTTP status %1</source>
        <translation>HTTP-Status %1</translation>
    </message>
    <message>
        <source>this server does not speak MCP %1; set its protocol era to Auto or Legacy</source>
        <translation>dieser Server spricht nicht MCP %1; stellen Sie seine Protokoll-Ära auf Auto oder Legacy</translation>
    </message>
    <message>
        <source>this server does not speak MCP %1 (its answer to server/discover: %2); set its protocol era to Auto or Legacy</source>
        <translation>dieser Server spricht nicht MCP %1 (seine Antwort auf server/discover: %2); stellen Sie seine Protokoll-Ära auf Auto oder Legacy</translation>
    </message>
</context>
<context>
    <name>Toolgate::ProblemsBox</name>
    <message numerus="yes">
        <source>… and %n more</source>
        <translation>
            <numerusform>… und %n weiterer</numerusform>
            <numerusform>… und %n weitere</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Toolgate::ProcessExit</name>
    <message>
        <source>segmentation fault</source>
        <translation>Speicherzugriffsfehler</translation>
    </message>
    <message>
        <source>aborted</source>
        <translation>abgebrochen</translation>
    </message>
    <message>
        <source>bus error</source>
        <translation>Busfehler</translation>
    </message>
    <message>
        <source>illegal instruction</source>
        <translation>ungültige Anweisung</translation>
    </message>
    <message>
        <source>arithmetic error</source>
        <translation>Rechenfehler</translation>
    </message>
    <message>
        <source>killed</source>
        <translation>getötet</translation>
    </message>
    <message>
        <source>terminated</source>
        <translation>beendet</translation>
    </message>
    <message>
        <source>interrupted</source>
        <translation>unterbrochen</translation>
    </message>
    <message>
        <source>hang-up</source>
        <translation>Verbindung aufgelegt</translation>
    </message>
    <message>
        <source>broken pipe</source>
        <translation>unterbrochene Pipe</translation>
    </message>
    <message>
        <source>trap</source>
        <translation>Trap</translation>
    </message>
    <message>
        <source>bad system call</source>
        <translation>ungültiger Systemaufruf</translation>
    </message>
    <message>
        <source>CPU time limit exceeded</source>
        <translation>CPU-Zeitlimit überschritten</translation>
    </message>
    <message>
        <source>file size limit exceeded</source>
        <translation>Dateigrößenlimit überschritten</translation>
    </message>
    <message>
        <source>signal %1</source>
        <translation>Signal %1</translation>
    </message>
    <message>
        <source>signal %1: %2</source>
        <translation>Signal %1: %2</translation>
    </message>
    <message>
        <source>the server crashed (%1)</source>
        <translation>der Server ist abgestürzt (%1)</translation>
    </message>
    <message>
        <source>the server exited with code %1, which is how a shell or launcher says that the program it ran crashed (%2)</source>
        <translation>der Server hat sich mit Code %1 beendet; so meldet eine Shell oder ein Starter, dass das ausgeführte Programm abgestürzt ist (%2)</translation>
    </message>
    <message>
        <source>the server exited with code %1</source>
        <translation>der Server hat sich mit Code %1 beendet</translation>
    </message>
    <message>
        <source>it crashed (%1)</source>
        <translation>er ist abgestürzt (%1)</translation>
    </message>
    <message>
        <source>it crashed (%1; its launcher exited with code %2)</source>
        <translation>er ist abgestürzt (%1; sein Starter hat sich mit Code %2 beendet)</translation>
    </message>
    <message>
        <source>it exited with code %1</source>
        <translation>er hat sich mit Code %1 beendet</translation>
    </message>
</context>
<context>
    <name>Toolgate::PromptEvaluation</name>
    <message>
        <source>no tool, and it said nothing</source>
        <translation>kein Werkzeug, und es hat nichts gesagt</translation>
    </message>
    <message>
        <source>no tool; it answered: %1</source>
        <translation>kein Werkzeug; es hat geantwortet: %1</translation>
    </message>
    <message>
        <source>the server &quot;%1&quot; is not connected</source>
        <translation>der Server „%1“ ist nicht verbunden</translation>
    </message>
    <message>
        <source>the server &quot;%1&quot; has no tool %2 (named under &quot;tools&quot;); its tools: %3</source>
        <translation>der Server „%1“ hat kein Werkzeug %2 (genannt unter „tools“); seine Werkzeuge: %3</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>(keine)</translation>
    </message>
    <message>
        <source>the model gave no usable reply: %1</source>
        <translation>das Modell hat keine brauchbare Antwort gegeben: %1</translation>
    </message>
    <message>
        <source>the run was cancelled</source>
        <translation>der Lauf wurde abgebrochen</translation>
    </message>
    <message>
        <source>%1. The model called: %2</source>
        <translation>%1. Das Modell hat aufgerufen: %2</translation>
    </message>
</context>
<context>
    <name>Toolgate::PromptPanel</name>
    <message>
        <source>Get Prompt</source>
        <translation>Prompt abrufen</translation>
    </message>
    <message>
        <source>Prompt messages</source>
        <translation>Prompt-Nachrichten</translation>
    </message>
    <message>
        <source>This prompt takes no arguments.</source>
        <translation>Dieser Prompt hat keine Argumente.</translation>
    </message>
    <message>
        <source>Fill in the arguments marked *.</source>
        <translation>Füllen Sie die mit * markierten Argumente aus.</translation>
    </message>
    <message>
        <source>Getting the prompt…</source>
        <translation>Prompt wird abgerufen…</translation>
    </message>
    <message>
        <source>1 message</source>
        <translation>1 Nachricht</translation>
    </message>
    <message>
        <source>%1 messages</source>
        <translation>%1 Nachrichten</translation>
    </message>
    <message>
        <source>Failed: %1</source>
        <translation>Fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>… and %1 more messages.</source>
        <translation>… und %1 weitere Nachrichten.</translation>
    </message>
    <message>
        <source>User</source>
        <translation>Benutzer</translation>
    </message>
    <message>
        <source>Assistant</source>
        <translation>Assistent</translation>
    </message>
</context>
<context>
    <name>Toolgate::PromptTreeModel</name>
    <message>
        <source>No prompts</source>
        <translation>Keine Prompts</translation>
    </message>
    <message>
        <source>1 prompt</source>
        <translation>1 Prompt</translation>
    </message>
    <message>
        <source>%1 prompts</source>
        <translation>%1 Prompts</translation>
    </message>
    <message>
        <source>Prompt</source>
        <translation>Prompt</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Description</source>
        <translation>Beschreibung</translation>
    </message>
    <message>
        <source>Arguments: %1</source>
        <translation>Argumente: %1</translation>
    </message>
</context>
<context>
    <name>Toolgate::ReplyAssembler</name>
    <message>
        <source>the model&apos;s text grew past %1; the reply was stopped.</source>
        <translation>der Text des Modells wurde größer als %1; die Antwort wurde abgebrochen.</translation>
    </message>
    <message>
        <source>the model asked for more than %1 tool calls in one turn; the reply was stopped.</source>
        <translation>das Modell verlangte mehr als %1 Werkzeugaufrufe in einem Zug; die Antwort wurde abgebrochen.</translation>
    </message>
    <message>
        <source>the model wrote more than %1 of arguments for the tool &quot;%2&quot;; the reply was stopped.</source>
        <translation>das Modell schrieb mehr als %1 Argumente für das Werkzeug &quot;%2&quot;; die Antwort wurde abgebrochen.</translation>
    </message>
    <message>
        <source>the model asked for a tool call without naming the tool.</source>
        <translation>das Modell verlangte einen Werkzeugaufruf, ohne das Werkzeug zu nennen.</translation>
    </message>
    <message>
        <source>the model asked for the tool &quot;%1&quot;, which was not offered to it.</source>
        <translation>das Modell verlangte das Werkzeug &quot;%1&quot;, das ihm nicht angeboten wurde.</translation>
    </message>
    <message>
        <source>the model&apos;s arguments for the tool &quot;%1&quot; are not valid JSON (%2 at offset %3).</source>
        <translation>die Argumente des Modells für das Werkzeug &quot;%1&quot; sind kein gültiges JSON (%2 an Stelle %3).</translation>
    </message>
    <message>
        <source>the model&apos;s arguments for the tool &quot;%1&quot; are not a JSON object.</source>
        <translation>die Argumente des Modells für das Werkzeug &quot;%1&quot; sind kein JSON-Objekt.</translation>
    </message>
</context>
<context>
    <name>Toolgate::RequestHeaders</name>
    <message>
        <source>its x-mcp-header annotations are invalid: %1</source>
        <translation>seine x-mcp-header-Angaben sind ungültig: %1</translation>
    </message>
</context>
<context>
    <name>Toolgate::ResourceDialog</name>
    <message>
        <source>Resource — %1</source>
        <translation>Ressource — %1</translation>
    </message>
    <message>
        <source>Read Again</source>
        <translation>Erneut lesen</translation>
    </message>
    <message>
        <source>The server is not connected, so the resource cannot be read.</source>
        <translation>Der Server ist nicht verbunden, daher kann die Ressource nicht gelesen werden.</translation>
    </message>
    <message>
        <source>Reading from %1…</source>
        <translation>Lese von %1…</translation>
    </message>
    <message>
        <source>From %1</source>
        <translation>Von %1</translation>
    </message>
    <message>
        <source>Could not read the resource: %1</source>
        <translation>Die Ressource konnte nicht gelesen werden: %1</translation>
    </message>
</context>
<context>
    <name>Toolgate::ResourceLinkPane</name>
    <message>
        <source>Open</source>
        <translation>Öffnen</translation>
    </message>
    <message>
        <source>Read this resource from the server</source>
        <translation>Diese Ressource vom Server lesen</translation>
    </message>
</context>
<context>
    <name>Toolgate::ResourcePanel</name>
    <message>
        <source>Read</source>
        <translation>Lesen</translation>
    </message>
    <message>
        <source>A template: fill in its parts to read a resource.</source>
        <translation>Eine Vorlage: Füllen Sie ihre Teile aus, um eine Ressource zu lesen.</translation>
    </message>
    <message>
        <source>Reading…</source>
        <translation>Wird gelesen…</translation>
    </message>
    <message>
        <source>Read in %1</source>
        <translation>Gelesen in %1</translation>
    </message>
    <message>
        <source>Failed: %1</source>
        <translation>Fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>Reading %1 failed: %2</source>
        <translation>Lesen von %1 fehlgeschlagen: %2</translation>
    </message>
</context>
<context>
    <name>Toolgate::ResourceTreeModel</name>
    <message>
        <source>No resources</source>
        <translation>Keine Ressourcen</translation>
    </message>
    <message>
        <source>1 resource</source>
        <translation>1 Ressource</translation>
    </message>
    <message>
        <source>%1 resources</source>
        <translation>%1 Ressourcen</translation>
    </message>
    <message>
        <source>Resource</source>
        <translation>Ressource</translation>
    </message>
    <message>
        <source>URI</source>
        <translation>URI</translation>
    </message>
    <message>
        <source>Description</source>
        <translation>Beschreibung</translation>
    </message>
    <message>
        <source>template</source>
        <translation>Vorlage</translation>
    </message>
</context>
<context>
    <name>Toolgate::ResultCompareDialog</name>
    <message>
        <source>Compare Results</source>
        <translation>Ergebnisse vergleichen</translation>
    </message>
</context>
<context>
    <name>Toolgate::ResultCompareView</name>
    <message>
        <source>added</source>
        <translation>hinzugekommen</translation>
    </message>
    <message>
        <source>removed</source>
        <translation>entfernt</translation>
    </message>
    <message>
        <source>changed</source>
        <translation>geändert</translation>
    </message>
    <message>
        <source>Text (− first, + second):</source>
        <translation>Text (− erstes, + zweites):</translation>
    </message>
    <message>
        <source>Structured content:</source>
        <translation>Strukturierter Inhalt:</translation>
    </message>
    <message>
        <source>Text differences</source>
        <translation>Unterschiede im Text</translation>
    </message>
    <message>
        <source>Structured content differences</source>
        <translation>Unterschiede im strukturierten Inhalt</translation>
    </message>
    <message>
        <source>Change</source>
        <translation>Änderung</translation>
    </message>
    <message>
        <source>Where</source>
        <translation>Wo</translation>
    </message>
    <message>
        <source>First</source>
        <translation>Erstes</translation>
    </message>
    <message>
        <source>Second</source>
        <translation>Zweites</translation>
    </message>
    <message>
        <source>Differences</source>
        <translation>Unterschiede</translation>
    </message>
    <message>
        <source>Comparing…</source>
        <translation>Wird verglichen…</translation>
    </message>
    <message>
        <source>The results are the same.</source>
        <translation>Die Ergebnisse sind gleich.</translation>
    </message>
    <message>
        <source>One result is an error and the other is not.</source>
        <translation>Ein Ergebnis ist ein Fehler, das andere nicht.</translation>
    </message>
    <message>
        <source>The text differs.</source>
        <translation>Der Text unterscheidet sich.</translation>
    </message>
    <message>
        <source>The structured content differs in 1 place.</source>
        <translation>Der strukturierte Inhalt unterscheidet sich an 1 Stelle.</translation>
    </message>
    <message>
        <source>The structured content differs in %1 places.</source>
        <translation>Der strukturierte Inhalt unterscheidet sich an %1 Stellen.</translation>
    </message>
    <message>
        <source>Other content differs (images, audio, resources or links).</source>
        <translation>Anderer Inhalt unterscheidet sich (Bilder, Audio, Ressourcen oder Links).</translation>
    </message>
    <message>
        <source>(the whole value)</source>
        <translation>(der ganze Wert)</translation>
    </message>
    <message>
        <source>… more differences not shown</source>
        <translation>… weitere Unterschiede nicht gezeigt</translation>
    </message>
</context>
<context>
    <name>Toolgate::ResultDiff</name>
    <message>
        <source>… (%1 characters in all)</source>
        <translation>… (%1 Zeichen insgesamt)</translation>
    </message>
</context>
<context>
    <name>Toolgate::ResultView</name>
    <message>
        <source>Content</source>
        <translation>Inhalt</translation>
    </message>
    <message>
        <source>Structured</source>
        <translation>Strukturiert</translation>
    </message>
    <message>
        <source>Raw JSON</source>
        <translation>Rohes JSON</translation>
    </message>
    <message>
        <source>Copy JSON</source>
        <translation>JSON kopieren</translation>
    </message>
    <message>
        <source>Copy the whole raw JSON</source>
        <translation>Das gesamte rohe JSON kopieren</translation>
    </message>
    <message>
        <source>No content.</source>
        <translation>Kein Inhalt.</translation>
    </message>
    <message>
        <source>The tool reported an error</source>
        <translation>Das Werkzeug hat einen Fehler gemeldet</translation>
    </message>
    <message>
        <source>Waiting for the result…</source>
        <translation>Warte auf das Ergebnis…</translation>
    </message>
    <message>
        <source>No result yet.</source>
        <translation>Noch kein Ergebnis.</translation>
    </message>
    <message>
        <source>Error code %1</source>
        <translation>Fehlercode %1</translation>
    </message>
    <message>
        <source>Data: </source>
        <translation>Daten: </translation>
    </message>
    <message>
        <source>The call failed</source>
        <translation>Der Aufruf ist fehlgeschlagen</translation>
    </message>
    <message>
        <source>The call produced no result.</source>
        <translation>Der Aufruf hat kein Ergebnis geliefert.</translation>
    </message>
    <message>
        <source>Invalid arguments</source>
        <translation>Ungültige Argumente</translation>
    </message>
    <message>
        <source>The arguments do not match the tool&apos;s input schema; nothing was sent.</source>
        <translation>Die Argumente passen nicht zum Eingabeschema des Werkzeugs; nichts wurde gesendet.</translation>
    </message>
    <message>
        <source>Nothing was sent.</source>
        <translation>Nichts wurde gesendet.</translation>
    </message>
    <message>
        <source>Cancelled</source>
        <translation>Abgebrochen</translation>
    </message>
    <message>
        <source>The call was cancelled before a result arrived.</source>
        <translation>Der Aufruf wurde abgebrochen, bevor ein Ergebnis kam.</translation>
    </message>
    <message>
        <source>Call denied</source>
        <translation>Aufruf abgelehnt</translation>
    </message>
    <message>
        <source>The output does not match the tool&apos;s output schema</source>
        <translation>Die Ausgabe passt nicht zum Ausgabeschema des Werkzeugs</translation>
    </message>
    <message>
        <source>The resource has no contents.</source>
        <translation>Die Ressource hat keinen Inhalt.</translation>
    </message>
    <message>
        <source>Content (%1)</source>
        <translation>Inhalt (%1)</translation>
    </message>
    <message>
        <source>1 round of input</source>
        <translation>1 Eingaberunde</translation>
    </message>
    <message numerus="yes">
        <source>%n rounds of input</source>
        <translation>
            <numerusform>%n Eingaberunde</numerusform>
            <numerusform>%n Eingaberunden</numerusform>
        </translation>
    </message>
    <message>
        <source>The server asked for input once before it answered</source>
        <translation>Der Server hat einmal um Eingaben gebeten, bevor er antwortete</translation>
    </message>
    <message numerus="yes">
        <source>The server asked for input %n times before it answered</source>
        <translation>
            <numerusform>Der Server hat %n-mal um Eingaben gebeten, bevor er antwortete</numerusform>
            <numerusform>Der Server hat %n-mal um Eingaben gebeten, bevor er antwortete</numerusform>
        </translation>
    </message>
    <message>
        <source>Denied by you (no reason given).</source>
        <translation>Von Ihnen abgelehnt (ohne Begründung).</translation>
    </message>
    <message>
        <source>Denied by you: %1</source>
        <translation>Von Ihnen abgelehnt: %1</translation>
    </message>
    <message>
        <source>Nothing was sent to the server.</source>
        <translation>An den Server wurde nichts gesendet.</translation>
    </message>
</context>
<context>
    <name>Toolgate::RootsDialog</name>
    <message>
        <source>Roots</source>
        <translation>Stammordner</translation>
    </message>
    <message>
        <source>Servers that ask for roots are told about these folders (as file:// URIs), so they know where to work. A root is a hint, not a sandbox: a local server can still read whatever your user account can. Connected servers are told when the list changes.</source>
        <translation>Servern, die nach Stammordnern (Roots) fragen, werden diese Ordner genannt (als file://-URIs), damit sie wissen, wo sie arbeiten sollen. Ein Stammordner ist ein Hinweis, keine Sandbox: Ein lokaler Server kann trotzdem alles lesen, was Ihr Benutzerkonto lesen kann. Verbundene Server werden informiert, wenn sich die Liste ändert.</translation>
    </message>
    <message>
        <source>&amp;Add Folder…</source>
        <translation>Ordner &amp;hinzufügen…</translation>
    </message>
    <message>
        <source>&amp;Remove</source>
        <translation>&amp;Entfernen</translation>
    </message>
    <message>
        <source>The roots were not saved: %1</source>
        <translation>Die Stammordner wurden nicht gespeichert: %1</translation>
    </message>
    <message>
        <source>Add a Root Folder</source>
        <translation>Stammordner hinzufügen</translation>
    </message>
</context>
<context>
    <name>Toolgate::RootsStore</name>
    <message>
        <source>Cannot read the roots file %1: %2</source>
        <translation>Die Stammordner-Datei %1 kann nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>The roots file %1 is not a JSON object (%2). Fix or delete it.</source>
        <translation>Die Stammordner-Datei %1 ist kein JSON-Objekt (%2). Korrigieren oder löschen Sie sie.</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not an absolute folder path.</source>
        <translation>„%1“ ist kein absoluter Ordnerpfad.</translation>
    </message>
    <message>
        <source>Cannot save the roots: %1</source>
        <translation>Die Stammordner können nicht gespeichert werden: %1</translation>
    </message>
</context>
<context>
    <name>Toolgate::RunApproval</name>
    <message>
        <source>approved with the collection run &quot;%1&quot;</source>
        <translation>erlaubt mit dem Lauf der Sammlung „%1“</translation>
    </message>
</context>
<context>
    <name>Toolgate::RunApprovalDialog</name>
    <message>
        <source>Approve Collection Run</source>
        <translation>Lauf der Sammlung freigeben</translation>
    </message>
    <message>
        <source>Run the collection &quot;%1&quot;, approved as a whole (calls: %2)</source>
        <translation>Die Sammlung „%1“ ausführen, als Ganzes freigegeben (Aufrufe: %2)</translation>
    </message>
    <message>
        <source>Only these calls, with exactly these arguments, are approved; any other call is asked about on its own.</source>
        <translation>Nur diese Aufrufe mit genau diesen Argumenten sind freigegeben; nach jedem anderen Aufruf wird einzeln gefragt.</translation>
    </message>
    <message>
        <source>Run These Calls</source>
        <translation>Diese Aufrufe ausführen</translation>
    </message>
    <message>
        <source>%1. %2</source>
        <translation>%1. %2</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>Server:</source>
        <translation>Server:</translation>
    </message>
    <message>
        <source>Tool:</source>
        <translation>Werkzeug:</translation>
    </message>
    <message>
        <source>Arguments (sent exactly as shown):</source>
        <translation>Argumente (genau so gesendet, wie gezeigt):</translation>
    </message>
    <message>
        <source>Arguments of call %1, sent exactly as shown</source>
        <translation>Argumente von Aufruf %1, genau so gesendet, wie gezeigt</translation>
    </message>
    <message>
        <source>Requests waiting after this one: %1</source>
        <translation>Danach wartende Anfragen: %1</translation>
    </message>
    <message>
        <source>You cancelled the collection run</source>
        <translation>Sie haben den Lauf der Sammlung abgebrochen</translation>
    </message>
</context>
<context>
    <name>Toolgate::RunCommand</name>
    <message>
        <source>this call is for the server &quot;%1&quot;, but this run is connected to &quot;%2&quot; only; run the collection again with --server %1</source>
        <translation>dieser Aufruf ist für den Server „%1“, dieser Lauf ist aber nur mit „%2“ verbunden; starten Sie die Sammlung erneut mit --server %1</translation>
    </message>
</context>
<context>
    <name>Toolgate::RunReportView</name>
    <message>
        <source>passed</source>
        <translation>bestanden</translation>
    </message>
    <message>
        <source>FAILED</source>
        <translation>FEHLGESCHLAGEN</translation>
    </message>
    <message>
        <source>Compare with Previous Run</source>
        <translation>Mit vorherigem Lauf vergleichen</translation>
    </message>
    <message>
        <source>Run report</source>
        <translation>Laufbericht</translation>
    </message>
    <message>
        <source>Call / expectation</source>
        <translation>Aufruf / Erwartung</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>Ergebnis</translation>
    </message>
    <message>
        <source>Duration</source>
        <translation>Dauer</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>Details</translation>
    </message>
    <message>
        <source>Compare the selected call&apos;s result with its result in the run before</source>
        <translation>Das Ergebnis des gewählten Aufrufs mit seinem Ergebnis im Lauf davor vergleichen</translation>
    </message>
    <message>
        <source>Result of the selected call:</source>
        <translation>Ergebnis des gewählten Aufrufs:</translation>
    </message>
    <message>
        <source>%1, run of %2</source>
        <translation>%1, Lauf vom %2</translation>
    </message>
    <message>
        <source>No run yet: run the collection or one of its calls.</source>
        <translation>Noch kein Lauf: Führen Sie die Sammlung oder einen ihrer Aufrufe aus.</translation>
    </message>
    <message>
        <source>The run of &quot;%1&quot; did not happen: %2</source>
        <translation>Der Lauf von „%1“ fand nicht statt: %2</translation>
    </message>
    <message>
        <source>Running &quot;%1&quot;: %2 of %3 calls done…</source>
        <translation>„%1“ läuft: %2 von %3 Aufrufen erledigt…</translation>
    </message>
    <message>
        <source>&quot;%1&quot; passed: every call answered and every expectation held (calls: %2, %3).</source>
        <translation>„%1“ bestanden: Jeder Aufruf wurde beantwortet und jede Erwartung erfüllt (Aufrufe: %2, %3).</translation>
    </message>
    <message>
        <source>&quot;%1&quot; FAILED: calls failed: %2 of %3; expectations that did not hold: %4 (%5).</source>
        <translation>„%1“ FEHLGESCHLAGEN: fehlgeschlagene Aufrufe: %2 von %3; nicht erfüllte Erwartungen: %4 (%5).</translation>
    </message>
    <message>
        <source>%1 on %2</source>
        <translation>%1 auf %2</translation>
    </message>
    <message>
        <source>not run</source>
        <translation>nicht ausgeführt</translation>
    </message>
    <message>
        <source>waiting</source>
        <translation>wartet</translation>
    </message>
    <message>
        <source>the call</source>
        <translation>der Aufruf</translation>
    </message>
    <message>
        <source>a prompt on %1</source>
        <translation>ein Prompt auf %1</translation>
    </message>
    <message>
        <source>a prompt on %1: %2 of %3 runs passed</source>
        <translation>ein Prompt auf %1: %2 von %3 Läufen bestanden</translation>
    </message>
    <message>
        <source>run %1</source>
        <translation>Lauf %1</translation>
    </message>
</context>
<context>
    <name>Toolgate::Sampling</name>
    <message>
        <source>an %1 block needs data and a mimeType</source>
        <translation>ein %1-Block braucht data und einen mimeType</translation>
    </message>
    <message>
        <source>a text block needs text</source>
        <translation>ein Textblock braucht text</translation>
    </message>
    <message>
        <source>a tool_use block needs an id and a name</source>
        <translation>ein tool_use-Block braucht eine id und einen name</translation>
    </message>
    <message>
        <source>a tool_result block needs the toolUseId it answers</source>
        <translation>ein tool_result-Block braucht die toolUseId, auf die er antwortet</translation>
    </message>
    <message>
        <source>a message block has no type</source>
        <translation>ein Nachrichtenblock hat keinen type</translation>
    </message>
    <message>
        <source>a message block has the unknown type &quot;%1&quot;</source>
        <translation>ein Nachrichtenblock hat den unbekannten type &quot;%1&quot;</translation>
    </message>
    <message>
        <source>a message has the role &quot;%1&quot;; only &quot;user&quot; and &quot;assistant&quot; exist</source>
        <translation>eine Nachricht hat die Rolle &quot;%1&quot;; es gibt nur &quot;user&quot; und &quot;assistant&quot;</translation>
    </message>
    <message>
        <source>a %1 message has no content</source>
        <translation>eine Nachricht mit der Rolle %1 hat keinen Inhalt</translation>
    </message>
    <message>
        <source>sampling/createMessage needs at least one message</source>
        <translation>sampling/createMessage braucht mindestens eine Nachricht</translation>
    </message>
    <message>
        <source>sampling/createMessage needs maxTokens, a positive number</source>
        <translation>sampling/createMessage braucht maxTokens, eine positive Zahl</translation>
    </message>
    <message>
        <source>a tool offered for sampling has no name</source>
        <translation>ein für das Sampling angebotenes Werkzeug hat keinen Namen</translation>
    </message>
    <message>
        <source>the tool &quot;%1&quot; is offered twice for sampling</source>
        <translation>das Werkzeug &quot;%1&quot; wird für das Sampling zweimal angeboten</translation>
    </message>
    <message>
        <source>toolChoice.mode &quot;%1&quot; is not one of auto, required, none</source>
        <translation>toolChoice.mode &quot;%1&quot; ist keiner von auto, required, none</translation>
    </message>
    <message>
        <source>toolChoice is &quot;required&quot; but no tools are offered</source>
        <translation>toolChoice ist &quot;required&quot;, aber es werden keine Werkzeuge angeboten</translation>
    </message>
</context>
<context>
    <name>Toolgate::SamplingByModel</name>
    <message>
        <source>[an image (%1) was here; it is not sent to the model]</source>
        <translation>[hier war ein Bild (%1); es wird nicht an das Modell gesendet]</translation>
    </message>
    <message>
        <source>[a recording (%1) was here; it is not sent to the model]</source>
        <translation>[hier war eine Aufnahme (%1); sie wird nicht an das Modell gesendet]</translation>
    </message>
    <message>
        <source>[asked for the tool %1 with %2]</source>
        <translation>[hat das Werkzeug %1 mit %2 angefordert]</translation>
    </message>
    <message>
        <source>[the tool failed: %1]</source>
        <translation>[das Werkzeug ist fehlgeschlagen: %1]</translation>
    </message>
    <message>
        <source>[the tool answered: %1]</source>
        <translation>[das Werkzeug hat geantwortet: %1]</translation>
    </message>
    <message>
        <source>the person edited the request, then approved sending it</source>
        <translation>die Person hat die Anfrage bearbeitet und dann das Senden erlaubt</translation>
    </message>
    <message>
        <source>the person approved sending the server&apos;s request unchanged</source>
        <translation>die Person hat das unveränderte Senden der Anfrage des Servers erlaubt</translation>
    </message>
    <message>
        <source>edited the model&apos;s reply, then approved returning it</source>
        <translation>hat die Antwort des Modells bearbeitet und dann das Zurückgeben erlaubt</translation>
    </message>
    <message>
        <source>approved returning the model&apos;s reply unchanged</source>
        <translation>hat das unveränderte Zurückgeben der Antwort des Modells erlaubt</translation>
    </message>
    <message>
        <source>Answered by the model &quot;%1&quot; (connection &quot;%2&quot;): %3; %4.</source>
        <translation>Beantwortet vom Modell „%1“ (Verbindung „%2“): %3; %4.</translation>
    </message>
    <message>
        <source>The person declined to return the reply of the model &quot;%1&quot; (connection &quot;%2&quot;).</source>
        <translation>Die Person hat abgelehnt, die Antwort des Modells „%1“ (Verbindung „%2“) zurückzugeben.</translation>
    </message>
    <message>
        <source>Asking the model &quot;%1&quot; was cancelled.</source>
        <translation>Die Anfrage an das Modell „%1“ wurde abgebrochen.</translation>
    </message>
</context>
<context>
    <name>Toolgate::SamplingDialog</name>
    <message>
        <source>hints: %1</source>
        <translation>Hinweise: %1</translation>
    </message>
    <message>
        <source>intelligence</source>
        <translation>Intelligenz</translation>
    </message>
    <message>
        <source>speed</source>
        <translation>Geschwindigkeit</translation>
    </message>
    <message>
        <source>cost</source>
        <translation>Kosten</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>Asks for the tool %1 with these arguments:
%2</source>
        <translation>Fordert das Werkzeug %1 mit diesen Argumenten an:
%2</translation>
    </message>
    <message>
        <source>[%1]</source>
        <translation>[%1]</translation>
    </message>
    <message>
        <source>The tool failed (request %1):
%2</source>
        <translation>Das Werkzeug ist fehlgeschlagen (Anfrage %1):
%2</translation>
    </message>
    <message>
        <source>The tool answered (request %1):
%2</source>
        <translation>Das Werkzeug hat geantwortet (Anfrage %1):
%2</translation>
    </message>
    <message>
        <source>User</source>
        <translation>Benutzer</translation>
    </message>
    <message>
        <source>Assistant</source>
        <translation>Assistent</translation>
    </message>
    <message>
        <source>Sampling request from %1</source>
        <translation>Sampling-Anfrage von %1</translation>
    </message>
    <message>
        <source>%1 asks for a model reply</source>
        <translation>%1 bittet um eine Modellantwort</translation>
    </message>
    <message>
        <source>&amp;Decline</source>
        <translation>A&amp;blehnen</translation>
    </message>
    <message>
        <source>&amp;Send Reply</source>
        <translation>Antwort &amp;senden</translation>
    </message>
    <message>
        <source>System prompt</source>
        <translation>Systemprompt</translation>
    </message>
    <message>
        <source>at most %1 tokens</source>
        <translation>höchstens %1 Token</translation>
    </message>
    <message>
        <source>temperature %1</source>
        <translation>Temperatur %1</translation>
    </message>
    <message>
        <source>stop at %1</source>
        <translation>Stopp bei %1</translation>
    </message>
    <message>
        <source>Limits</source>
        <translation>Grenzen</translation>
    </message>
    <message>
        <source>Model preferences</source>
        <translation>Modellvorlieben</translation>
    </message>
    <message>
        <source>Context asked for</source>
        <translation>Angeforderter Kontext</translation>
    </message>
    <message>
        <source>%1 — Toolgate adds no context of its own; include what you think fits.</source>
        <translation>%1 — Toolgate fügt keinen eigenen Kontext hinzu; geben Sie an, was Ihnen passend erscheint.</translation>
    </message>
    <message>
        <source> — the reply must ask for one of them</source>
        <translation> — die Antwort muss eines davon anfordern</translation>
    </message>
    <message>
        <source> — the reply must not ask for any</source>
        <translation> — die Antwort darf keines anfordern</translation>
    </message>
    <message>
        <source>Tools offered</source>
        <translation>Angebotene Werkzeuge</translation>
    </message>
    <message>
        <source>Messages from the server</source>
        <translation>Nachrichten vom Server</translation>
    </message>
    <message>
        <source>The conversation so far:</source>
        <translation>Das bisherige Gespräch:</translation>
    </message>
    <message>
        <source>Your reply (as the assistant):</source>
        <translation>Ihre Antwort (als Assistent):</translation>
    </message>
    <message>
        <source>Kind of reply</source>
        <translation>Art der Antwort</translation>
    </message>
    <message>
        <source>A written reply</source>
        <translation>Eine geschriebene Antwort</translation>
    </message>
    <message>
        <source>Ask the server to run one of its tools</source>
        <translation>Den Server bitten, eines seiner Werkzeuge auszuführen</translation>
    </message>
    <message>
        <source>Your reply</source>
        <translation>Ihre Antwort</translation>
    </message>
    <message>
        <source>Write the reply the server receives…</source>
        <translation>Schreiben Sie die Antwort, die der Server erhält…</translation>
    </message>
    <message>
        <source>Model name:</source>
        <translation>Modellname:</translation>
    </message>
    <message>
        <source>&amp;Tool:</source>
        <translation>&amp;Werkzeug:</translation>
    </message>
    <message>
        <source>&amp;Send Tool Request</source>
        <translation>Werkzeug&amp;anfrage senden</translation>
    </message>
    <message>
        <source>%1 words (limit %2 tokens)</source>
        <translation>%1 Wörter (Grenze %2 Token)</translation>
    </message>
    <message>
        <source>%1 words</source>
        <translation>%1 Wörter</translation>
    </message>
    <message>
        <source>This reply cannot be sent</source>
        <translation>Diese Antwort kann nicht gesendet werden</translation>
    </message>
    <message>
        <source>Read the conversation, then write the reply the server gets, let one of your models write it (you see what goes to the model and its reply before anything is sent), or decline. Nothing is sent until you choose.</source>
        <translation>Lesen Sie die Unterhaltung, dann schreiben Sie die Antwort, die der Server bekommt, lassen eines Ihrer Modelle sie schreiben (Sie sehen, was an das Modell geht, und seine Antwort, bevor etwas gesendet wird), oder lehnen ab. Nichts wird gesendet, bevor Sie wählen.</translation>
    </message>
    <message>
        <source>Read the conversation, then write the reply the server gets (you act as the model), or decline. Nothing is sent until you choose.</source>
        <translation>Lesen Sie die Unterhaltung, dann schreiben Sie die Antwort, die der Server bekommt (Sie handeln als das Modell), oder lehnen ab. Nichts wird gesendet, bevor Sie wählen.</translation>
    </message>
    <message>
        <source>&amp;Ask a Model…</source>
        <translation>Ein &amp;Modell fragen …</translation>
    </message>
    <message>
        <source>Let one of your model connections write the reply: you see what goes to the model, and its reply before it goes to the server.</source>
        <translation>Eine Ihrer Modellverbindungen die Antwort schreiben lassen: Sie sehen, was an das Modell geht, und seine Antwort, bevor sie an den Server geht.</translation>
    </message>
    <message>
        <source>No model is set up, so you write the reply. To let a model write it, add one in Settings › Models.</source>
        <translation>Es ist kein Modell eingerichtet, also schreiben Sie die Antwort. Damit ein Modell sie schreiben kann, fügen Sie eines unter Einstellungen › Modelle hinzu.</translation>
    </message>
    <message>
        <source>Settings › Models…</source>
        <translation>Einstellungen › Modelle …</translation>
    </message>
    <message>
        <source>Step 2 of 2: the reply of the model &quot;%1&quot; (stopped: %2). Read it and change it if you like: Send Reply returns it to the server, Decline returns nothing.</source>
        <translation>Schritt 2 von 2: die Antwort des Modells „%1“ (angehalten: %2). Lesen Sie sie und ändern Sie sie nach Belieben: „Antwort senden“ gibt sie an den Server zurück, „Ablehnen“ gibt nichts zurück.</translation>
    </message>
</context>
<context>
    <name>Toolgate::SamplingModelPanel</name>
    <message>
        <source>System prompt</source>
        <translation>Systemprompt</translation>
    </message>
    <message>
        <source>User</source>
        <translation>Benutzer</translation>
    </message>
    <message>
        <source>Assistant</source>
        <translation>Assistent</translation>
    </message>
    <message>
        <source>Tool results</source>
        <translation>Werkzeugergebnisse</translation>
    </message>
    <message>
        <source>&amp;Model:</source>
        <translation>&amp;Modell:</translation>
    </message>
    <message>
        <source>Step 1 of 2: this is what the model gets. Change it if you like; nothing is sent until you click Send to Model.</source>
        <translation>Schritt 1 von 2: Das bekommt das Modell. Ändern Sie es nach Belieben; nichts wird gesendet, bevor Sie auf „An Modell senden“ klicken.</translation>
    </message>
    <message>
        <source>System prompt for the model</source>
        <translation>Systemprompt für das Modell</translation>
    </message>
    <message>
        <source>Message %1 for the model</source>
        <translation>Nachricht %1 für das Modell</translation>
    </message>
    <message>
        <source>&amp;Write It Myself</source>
        <translation>&amp;Selbst schreiben</translation>
    </message>
    <message>
        <source>S&amp;top</source>
        <translation>S&amp;topp</translation>
    </message>
    <message>
        <source>Send to &amp;Model</source>
        <translation>An &amp;Modell senden</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>The model did not answer</source>
        <translation>Das Modell hat nicht geantwortet</translation>
    </message>
    <message>
        <source>%1 Send it again, choose another model, or write the reply yourself.</source>
        <translation>%1 Senden Sie es erneut, wählen Sie ein anderes Modell, oder schreiben Sie die Antwort selbst.</translation>
    </message>
    <message>
        <source>Asking the model &quot;%1&quot;…</source>
        <translation>Frage das Modell „%1“ …</translation>
    </message>
    <message>
        <source>Nothing goes to the server until you approve the answer.</source>
        <translation>Nichts geht an den Server, bevor Sie die Antwort erlauben.</translation>
    </message>
</context>
<context>
    <name>Toolgate::SandboxDenial</name>
    <message>
        <source>the sandbox kept it from opening %1, which is outside the folders it may see. To allow that, grant it %2 read-only (it then asks for your trust again).</source>
        <translation>die Sandbox hat ihn daran gehindert, %1 zu öffnen: das liegt außerhalb der Ordner, die er sehen darf. Um das zu erlauben, geben Sie ihm %2 zum Lesen frei (danach fragt er erneut nach Ihrem Vertrauen).</translation>
    </message>
    <message>
        <source>the sandbox kept it from writing %1: it may only read there. To allow that, grant it %2 to read and write (it then asks for your trust again).</source>
        <translation>die Sandbox hat ihn daran gehindert, %1 zu schreiben: dort darf er nur lesen. Um das zu erlauben, geben Sie ihm %2 zum Lesen und Schreiben frei (danach fragt er erneut nach Ihrem Vertrauen).</translation>
    </message>
    <message>
        <source>the sandbox kept it from writing %1, which is outside the folders it may see. To allow that, grant it %2 to read and write (it then asks for your trust again).</source>
        <translation>die Sandbox hat ihn daran gehindert, %1 zu schreiben: das liegt außerhalb der Ordner, die er sehen darf. Um das zu erlauben, geben Sie ihm %2 zum Lesen und Schreiben frei (danach fragt er erneut nach Ihrem Vertrauen).</translation>
    </message>
    <message>
        <source>the sandbox kept it from reaching %1, which is not in the list of hosts it may reach. To allow that, add %1 to that list (it then asks for your trust again).</source>
        <translation>die Sandbox hat ihn daran gehindert, %1 zu erreichen: das steht nicht in der Liste der Hosts, die er erreichen darf. Um das zu erlauben, fügen Sie %1 dieser Liste hinzu (danach fragt er erneut nach Ihrem Vertrauen).</translation>
    </message>
</context>
<context>
    <name>Toolgate::SandboxProfile</name>
    <message>
        <source>&quot;sandbox&quot; must be true, false or an object</source>
        <translation>&quot;sandbox&quot; muss true, false oder ein Objekt sein</translation>
    </message>
    <message>
        <source>&quot;sandbox&quot;: &quot;enabled&quot; must be true or false</source>
        <translation>&quot;sandbox&quot;: &quot;enabled&quot; muss true oder false sein</translation>
    </message>
    <message>
        <source>&quot;sandbox&quot;: &quot;grants&quot; must be an array of folders (&quot;PATH&quot; or &quot;PATH:rw&quot;)</source>
        <translation>&quot;sandbox&quot;: &quot;grants&quot; muss ein Array von Ordnern sein (&quot;PATH&quot; oder &quot;PATH:rw&quot;)</translation>
    </message>
    <message>
        <source>&quot;sandbox&quot;: each grant must be a folder (&quot;PATH&quot; or &quot;PATH:rw&quot;)</source>
        <translation>&quot;sandbox&quot;: jede Freigabe muss ein Ordner sein (&quot;PATH&quot; oder &quot;PATH:rw&quot;)</translation>
    </message>
    <message>
        <source>&quot;sandbox&quot;: &quot;network&quot; lists hosts as strings</source>
        <translation>&quot;sandbox&quot;: &quot;network&quot; nennt Hosts als Strings</translation>
    </message>
    <message>
        <source>&quot;sandbox&quot;: &quot;network&quot; must be &quot;on&quot;, &quot;off&quot; or a list of hosts</source>
        <translation>&quot;sandbox&quot;: &quot;network&quot; muss &quot;on&quot;, &quot;off&quot; oder eine Liste von Hosts sein</translation>
    </message>
    <message>
        <source>Not sandboxed: it runs with your full rights (it can read and change all your files and use the network).</source>
        <translation>Ohne Sandbox: er läuft mit Ihren vollen Rechten (er kann alle Ihre Dateien lesen und ändern und das Netzwerk nutzen).</translation>
    </message>
    <message>
        <source>the system&apos;s programs and libraries</source>
        <translation>die Programme und Bibliotheken des Systems</translation>
    </message>
    <message>
        <source>a private temporary folder</source>
        <translation>ein eigener temporärer Ordner</translation>
    </message>
    <message>
        <source>Cannot see: the rest of your home folder, Toolgate&apos;s own files, your keys and passwords.</source>
        <translation>Sieht nicht: den Rest Ihres Home-Ordners, Toolgates eigene Dateien, Ihre Schlüssel und Passwörter.</translation>
    </message>
    <message>
        <source>Network: on (it can connect anywhere, this computer included).</source>
        <translation>Netzwerk: an (er kann sich überallhin verbinden, auch mit diesem Computer).</translation>
    </message>
    <message>
        <source>Network: off (no connection at all, this computer included).</source>
        <translation>Netzwerk: aus (keinerlei Verbindung, auch nicht mit diesem Computer).</translation>
    </message>
    <message>
        <source>Network: only %1.</source>
        <translation>Netzwerk: nur %1.</translation>
    </message>
    <message>
        <source>Environment: only the variables its entry names, and PATH, HOME and LANG.</source>
        <translation>Umgebung: nur die Variablen, die sein Eintrag nennt, sowie PATH, HOME und LANG.</translation>
    </message>
    <message>
        <source>Can read: %1.</source>
        <translation>Kann lesen: %1.</translation>
    </message>
    <message>
        <source>Can write (and read): %1.</source>
        <translation>Kann schreiben (und lesen): %1.</translation>
    </message>
</context>
<context>
    <name>Toolgate::SandboxProxy</name>
    <message>
        <source>The request is too long for a proxy request.</source>
        <translation>Die Anfrage ist zu lang für eine Proxy-Anfrage.</translation>
    </message>
    <message>
        <source>This is not an HTTP proxy request.</source>
        <translation>Dies ist keine HTTP-Proxy-Anfrage.</translation>
    </message>
    <message>
        <source>Only CONNECT and http:// requests go through this proxy.</source>
        <translation>Nur CONNECT- und http://-Anfragen gehen durch diesen Proxy.</translation>
    </message>
    <message>
        <source>The request names no host and port.</source>
        <translation>Die Anfrage nennt keinen Host und Port.</translation>
    </message>
    <message>
        <source>Toolgate&apos;s sandbox does not let this server connect to %1: it is not in the server&apos;s list of hosts. To allow it, add it to the list in the server&apos;s sandbox settings.</source>
        <translation>Die Sandbox von Toolgate lässt diesen Server keine Verbindung zu %1 aufbauen: Der Host steht nicht in der Host-Liste des Servers. Um ihn zu erlauben, fügen Sie ihn in den Sandbox-Einstellungen des Servers der Liste hinzu.</translation>
    </message>
    <message>
        <source>Cannot connect to %1: %2</source>
        <translation>Keine Verbindung zu %1 möglich: %2</translation>
    </message>
    <message>
        <source>%1 (allowed)</source>
        <translation>%1 (erlaubt)</translation>
    </message>
    <message>
        <source>%1 (refused)</source>
        <translation>%1 (abgewiesen)</translation>
    </message>
    <message>
        <source>cannot start the server&apos;s network proxy: %1</source>
        <translation>der Netzwerk-Proxy des Servers kann nicht gestartet werden: %1</translation>
    </message>
    <message>
        <source>cannot make a folder for the server&apos;s network proxy in %1: %2; check that the temporary folder is writable</source>
        <translation>in %1 kann kein Ordner für den Netzwerk-Proxy des Servers angelegt werden: %2; prüfen Sie, ob der temporäre Ordner beschreibbar ist</translation>
    </message>
</context>
<context>
    <name>Toolgate::SaveCallDialog</name>
    <message>
        <source>Save Call to Collection</source>
        <translation>Aufruf in Sammlung speichern</translation>
    </message>
    <message>
        <source>A collection, or the name of a new one</source>
        <translation>Eine Sammlung oder der Name einer neuen</translation>
    </message>
    <message>
        <source>Collection</source>
        <translation>Sammlung</translation>
    </message>
    <message>
        <source>&amp;Collection:</source>
        <translation>&amp;Sammlung:</translation>
    </message>
    <message>
        <source>Choose a collection, or type the name of a new one.</source>
        <translation>Wählen Sie eine Sammlung oder geben Sie den Namen einer neuen ein.</translation>
    </message>
</context>
<context>
    <name>Toolgate::SavedCallEditor</name>
    <message>
        <source>Arguments</source>
        <translation>Argumente</translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation>&amp;Name:</translation>
    </message>
    <message>
        <source>&amp;Arguments:</source>
        <translation>&amp;Argumente:</translation>
    </message>
    <message>
        <source>Expectations:</source>
        <translation>Erwartungen:</translation>
    </message>
    <message>
        <source>%1 on %2</source>
        <translation>%1 auf %2</translation>
    </message>
    <message>
        <source>the server chosen for the run</source>
        <translation>dem für den Lauf gewählten Server</translation>
    </message>
    <message>
        <source>Give the call a name.</source>
        <translation>Geben Sie dem Aufruf einen Namen.</translation>
    </message>
    <message>
        <source>The arguments are not a JSON object: %1</source>
        <translation>Die Argumente sind kein JSON-Objekt: %1</translation>
    </message>
    <message>
        <source>Tool:</source>
        <translation>Werkzeug:</translation>
    </message>
</context>
<context>
    <name>Toolgate::SchemaDocument</name>
    <message>
        <source>%1 at character %2</source>
        <translation>%1 bei Zeichen %2</translation>
    </message>
    <message>
        <source>no value given</source>
        <translation>kein Wert angegeben</translation>
    </message>
    <message>
        <source>more than one value given</source>
        <translation>mehr als ein Wert angegeben</translation>
    </message>
    <message>
        <source>or</source>
        <translation>oder</translation>
    </message>
    <message>
        <source>text</source>
        <translation>Text</translation>
    </message>
    <message>
        <source>a whole number</source>
        <translation>eine ganze Zahl</translation>
    </message>
    <message>
        <source>a number</source>
        <translation>eine Zahl</translation>
    </message>
    <message>
        <source>true or false</source>
        <translation>true oder false</translation>
    </message>
    <message>
        <source>a list</source>
        <translation>eine Liste</translation>
    </message>
    <message>
        <source>an object</source>
        <translation>ein Objekt</translation>
    </message>
    <message>
        <source>it is too large to check</source>
        <translation>es ist zu groß, um es zu prüfen</translation>
    </message>
    <message>
        <source>its names are too long for its size</source>
        <translation>seine Namen sind zu lang für seine Größe</translation>
    </message>
    <message>
        <source>it is nested more than %1 levels deep</source>
        <translation>es ist mehr als %1 Ebenen tief verschachtelt</translation>
    </message>
    <message>
        <source>the root</source>
        <translation>die Wurzel</translation>
    </message>
    <message>
        <source>the schema at %1 refers back to itself through $ref without going into a property or item, so checking a value against it would never end</source>
        <translation>das Schema bei %1 verweist über $ref auf sich selbst zurück, ohne in eine Eigenschaft oder einen Eintrag zu gehen; eine Prüfung dagegen würde nie enden</translation>
    </message>
    <message>
        <source>$ref &quot;%1&quot; at %2 refers to another document (%3). Toolgate never downloads schemas; only references inside the schema itself, such as &quot;#/$defs/name&quot;, are supported</source>
        <translation>$ref &quot;%1&quot; bei %2 verweist auf ein anderes Dokument (%3). Toolgate lädt nie Schemas herunter; nur Verweise innerhalb des Schemas selbst, etwa &quot;#/$defs/name&quot;, werden unterstützt</translation>
    </message>
    <message>
        <source>$ref &quot;%1&quot; at %2 names the anchor &quot;%3&quot;, which the schema does not define</source>
        <translation>$ref &quot;%1&quot; bei %2 nennt den Anker &quot;%3&quot;, den das Schema nicht definiert</translation>
    </message>
    <message>
        <source>$ref &quot;%1&quot; at %2 points to nothing in the schema</source>
        <translation>$ref &quot;%1&quot; bei %2 zeigt auf nichts im Schema</translation>
    </message>
</context>
<context>
    <name>Toolgate::SchemaNode</name>
    <message>
        <source>Object</source>
        <translation>Objekt</translation>
    </message>
    <message>
        <source>List</source>
        <translation>Liste</translation>
    </message>
    <message>
        <source>Text</source>
        <translation>Text</translation>
    </message>
    <message>
        <source>Number</source>
        <translation>Zahl</translation>
    </message>
    <message>
        <source>Whole number</source>
        <translation>Ganze Zahl</translation>
    </message>
    <message>
        <source>True/false</source>
        <translation>Wahr/falsch</translation>
    </message>
    <message>
        <source>Null</source>
        <translation>Null</translation>
    </message>
    <message>
        <source>Choice</source>
        <translation>Auswahl</translation>
    </message>
    <message>
        <source>Any value</source>
        <translation>Beliebiger Wert</translation>
    </message>
</context>
<context>
    <name>Toolgate::SchemaValidator</name>
    <message>
        <source>must be a date like 2024-01-31</source>
        <translation>muss ein Datum wie 2024-01-31 sein</translation>
    </message>
    <message>
        <source>must be a time like 13:45:00</source>
        <translation>muss eine Uhrzeit wie 13:45:00 sein</translation>
    </message>
    <message>
        <source>must be a date and time like 2024-01-31T13:45:00Z</source>
        <translation>muss Datum und Uhrzeit wie 2024-01-31T13:45:00Z sein</translation>
    </message>
    <message>
        <source>must be an email address</source>
        <translation>muss eine E-Mail-Adresse sein</translation>
    </message>
    <message>
        <source>must be a URI such as https://example.com</source>
        <translation>muss eine URI wie https://example.com sein</translation>
    </message>
    <message>
        <source>must be a UUID</source>
        <translation>muss eine UUID sein</translation>
    </message>
    <message>
        <source>must be an IPv4 address</source>
        <translation>muss eine IPv4-Adresse sein</translation>
    </message>
    <message>
        <source>must be an IPv6 address</source>
        <translation>muss eine IPv6-Adresse sein</translation>
    </message>
    <message>
        <source>must be a host name</source>
        <translation>muss ein Hostname sein</translation>
    </message>
    <message>
        <source>must be a valid regular expression</source>
        <translation>muss ein gültiger regulärer Ausdruck sein</translation>
    </message>
    <message>
        <source>does not match any of the allowed options</source>
        <translation>passt zu keiner der erlaubten Möglichkeiten</translation>
    </message>
    <message>
        <source>is not allowed</source>
        <translation>ist nicht erlaubt</translation>
    </message>
    <message>
        <source>matches more than one of the allowed options, but must match exactly one</source>
        <translation>passt zu mehr als einer der erlaubten Möglichkeiten, muss aber zu genau einer passen</translation>
    </message>
    <message>
        <source>must contain at least one matching item</source>
        <translation>muss mindestens einen passenden Eintrag enthalten</translation>
    </message>
    <message>
        <source>must be at least %1</source>
        <translation>muss mindestens %1 sein</translation>
    </message>
    <message>
        <source>must be greater than %1</source>
        <translation>muss größer als %1 sein</translation>
    </message>
    <message>
        <source>must be at most %1</source>
        <translation>darf höchstens %1 sein</translation>
    </message>
    <message>
        <source>must be less than %1</source>
        <translation>muss kleiner als %1 sein</translation>
    </message>
    <message>
        <source>must be a multiple of %1</source>
        <translation>muss ein Vielfaches von %1 sein</translation>
    </message>
    <message>
        <source>must not be empty</source>
        <translation>darf nicht leer sein</translation>
    </message>
    <message>
        <source>is required</source>
        <translation>ist erforderlich</translation>
    </message>
    <message>
        <source>is required when %1 is set</source>
        <translation>ist erforderlich, wenn %1 gesetzt ist</translation>
    </message>
    <message>
        <source>is a duplicate of item %1</source>
        <translation>ist ein Duplikat von Eintrag %1</translation>
    </message>
    <message>
        <source>does not match the schema</source>
        <translation>passt nicht zum Schema</translation>
    </message>
    <message>
        <source>it is longer than %1 characters</source>
        <translation>es ist länger als %1 Zeichen</translation>
    </message>
    <message>
        <source>it starts with &quot;(*&quot;, which is not a valid regular expression in JSON Schema</source>
        <translation>es beginnt mit &quot;(*&quot;, was in JSON Schema kein gültiger regulärer Ausdruck ist</translation>
    </message>
    <message>
        <source>, ... (%1 choices in all)</source>
        <translation>, … (insgesamt %1 Möglichkeiten)</translation>
    </message>
    <message>
        <source>could not be checked: the pattern %1 is too complex to check</source>
        <translation>konnte nicht geprüft werden: Das Muster %1 ist zu komplex für eine Prüfung</translation>
    </message>
    <message>
        <source>could not be checked: it is too complex for the schema (Toolgate stops after %1 steps)</source>
        <translation>konnte nicht geprüft werden: Es ist zu komplex für das Schema (Toolgate hört nach %1 Schritten auf)</translation>
    </message>
    <message>
        <source>could not be checked: it is nested too deeply for the schema (more than %1 levels of checks)</source>
        <translation>konnte nicht geprüft werden: Es ist für das Schema zu tief verschachtelt (mehr als %1 Prüfebenen)</translation>
    </message>
    <message>
        <source>one of: %1</source>
        <translation>eines von: %1</translation>
    </message>
    <message>
        <source>must be %1</source>
        <translation>muss %1 sein</translation>
    </message>
    <message>
        <source>has a name that %1</source>
        <translation>hat einen ungültigen Namen: %1</translation>
    </message>
    <message>
        <source>must match the pattern %1</source>
        <translation>muss zum Muster %1 passen</translation>
    </message>
    <message>
        <source>the root</source>
        <translation>die Wurzel</translation>
    </message>
    <message>
        <source>compiling it takes more than %1 steps</source>
        <translation>das Übersetzen braucht mehr als %1 Schritte</translation>
    </message>
    <message>
        <source>must be one of: %1</source>
        <translation>muss eines davon sein: %1</translation>
    </message>
    <message numerus="yes">
        <source>must be at least %n character long</source>
        <translation>
            <numerusform>muss mindestens %n Zeichen lang sein</numerusform>
            <numerusform>muss mindestens %n Zeichen lang sein</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>must be at least %n characters long</source>
        <translation>
            <numerusform>muss mindestens %n Zeichen lang sein</numerusform>
            <numerusform>muss mindestens %n Zeichen lang sein</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>must be at most %n character long</source>
        <translation>
            <numerusform>darf höchstens %n Zeichen lang sein</numerusform>
            <numerusform>darf höchstens %n Zeichen lang sein</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>must be at most %n characters long</source>
        <translation>
            <numerusform>darf höchstens %n Zeichen lang sein</numerusform>
            <numerusform>darf höchstens %n Zeichen lang sein</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>must have at least %n item</source>
        <translation>
            <numerusform>muss mindestens %n Eintrag haben</numerusform>
            <numerusform>muss mindestens %n Einträge haben</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>must have at least %n items</source>
        <translation>
            <numerusform>muss mindestens %n Eintrag haben</numerusform>
            <numerusform>muss mindestens %n Einträge haben</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>must have at most %n item</source>
        <translation>
            <numerusform>darf höchstens %n Eintrag haben</numerusform>
            <numerusform>darf höchstens %n Einträge haben</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>must have at most %n items</source>
        <translation>
            <numerusform>darf höchstens %n Eintrag haben</numerusform>
            <numerusform>darf höchstens %n Einträge haben</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>must have at least %n property</source>
        <translation>
            <numerusform>muss mindestens %n Eigenschaft haben</numerusform>
            <numerusform>muss mindestens %n Eigenschaften haben</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>must have at least %n properties</source>
        <translation>
            <numerusform>muss mindestens %n Eigenschaft haben</numerusform>
            <numerusform>muss mindestens %n Eigenschaften haben</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>must have at most %n property</source>
        <translation>
            <numerusform>darf höchstens %n Eigenschaft haben</numerusform>
            <numerusform>darf höchstens %n Eigenschaften haben</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>must have at most %n properties</source>
        <translation>
            <numerusform>darf höchstens %n Eigenschaft haben</numerusform>
            <numerusform>darf höchstens %n Eigenschaften haben</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n more problem is not listed here</source>
        <translation>
            <numerusform>%n weiteres Problem ist hier nicht aufgeführt</numerusform>
            <numerusform>%n weitere Probleme sind hier nicht aufgeführt</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n more problems are not listed here</source>
        <translation>
            <numerusform>%n weiteres Problem ist hier nicht aufgeführt</numerusform>
            <numerusform>%n weitere Probleme sind hier nicht aufgeführt</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Toolgate::SecretStore</name>
    <message>
        <source>memory (this session only)</source>
        <translation>dem Arbeitsspeicher (nur diese Sitzung)</translation>
    </message>
    <message>
        <source>this build has no keychain support</source>
        <translation>dieser Build unterstützt keinen Schlüsselbund</translation>
    </message>
    <message>
        <source>the system keychain</source>
        <translation>dem Schlüsselbund des Systems</translation>
    </message>
    <message>
        <source>could not read from the system keychain: %1</source>
        <translation>aus dem Schlüsselbund des Systems konnte nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>could not save to the system keychain: %1</source>
        <translation>im Schlüsselbund des Systems konnte nicht gespeichert werden: %1</translation>
    </message>
    <message>
        <source>could not delete from the system keychain: %1</source>
        <translation>aus dem Schlüsselbund des Systems konnte nicht gelöscht werden: %1</translation>
    </message>
    <message>
        <source>there is no D-Bus session, which the keychain service needs</source>
        <translation>es gibt keine D-Bus-Sitzung, die der Schlüsselbunddienst braucht</translation>
    </message>
</context>
<context>
    <name>Toolgate::SecretValuesDialog</name>
    <message>
        <source>Secret Values for %1</source>
        <translation>Geheime Werte für %1</translation>
    </message>
    <message>
        <source>There is no keychain on this computer, so Toolgate did not keep the secret values of &quot;%1&quot; after it last quit. Type them to start it; Toolgate keeps them until it quits.</source>
        <translation>Auf diesem Computer gibt es keinen Schlüsselbund, daher hat Toolgate die geheimen Werte von „%1“ beim letzten Beenden nicht aufbewahrt. Geben Sie sie ein, um den Server zu starten; Toolgate behält sie, bis es beendet wird.</translation>
    </message>
    <message>
        <source>Start Server</source>
        <translation>Server starten</translation>
    </message>
</context>
<context>
    <name>Toolgate::SecretsNotice</name>
    <message>
        <source>Move to Keychain</source>
        <translation>In den Schlüsselbund verschieben</translation>
    </message>
    <message>
        <source>Keep Them in servers.json</source>
        <translation>In servers.json behalten</translation>
    </message>
    <message>
        <source>Dismiss</source>
        <translation>Schließen</translation>
    </message>
    <message>
        <source>Write secret values into servers.json in plain text, as Claude Desktop does. Anyone who can read that file can read them.</source>
        <translation>Geheime Werte im Klartext in servers.json schreiben, wie Claude Desktop es tut. Wer diese Datei lesen kann, kann sie lesen.</translation>
    </message>
    <message>
        <source>The secret values are now in %1.</source>
        <translation>Die geheimen Werte liegen jetzt in %1.</translation>
    </message>
    <message>
        <source>A secret could not be kept in the keychain</source>
        <translation>Ein Geheimnis konnte nicht im Schlüsselbund aufbewahrt werden</translation>
    </message>
    <message>
        <source>Secret values are written in plain text in servers.json</source>
        <translation>Geheime Werte stehen im Klartext in servers.json</translation>
    </message>
    <message>
        <source>They work as they are. Move them to %1? The file then keeps only a placeholder.</source>
        <translation>Sie funktionieren so, wie sie sind. Sollen sie stattdessen in %1 aufbewahrt werden? Die Datei enthält dann nur noch einen Platzhalter.</translation>
    </message>
    <message>
        <source>No keychain: secret values are kept until Toolgate quits, as you chose.</source>
        <translation>Kein Schlüsselbund: Geheime Werte werden aufbewahrt, bis Toolgate beendet wird, wie Sie es gewählt haben.</translation>
    </message>
    <message>
        <source>Type Them Each Start</source>
        <translation>Bei jedem Start eingeben</translation>
    </message>
    <message>
        <source>Keep secret values in memory only; Toolgate asks for them again after each start.</source>
        <translation>Geheime Werte nur im Speicher halten; Toolgate fragt nach jedem Start erneut danach.</translation>
    </message>
    <message>
        <source>Secret values cannot be kept safely on this computer</source>
        <translation>Geheime Werte können auf diesem Computer nicht sicher aufbewahrt werden</translation>
    </message>
    <message>
        <source>%1. Until Toolgate quits, sign-ins and secret values (such as API keys) are kept in memory; after that you would type them again. You can keep them in servers.json instead, in plain text: anyone who can read that file can read them. Or start a keychain service (GNOME Keyring or KWallet) and restart Toolgate.</source>
        <translation>%1. Bis Toolgate beendet wird, bleiben Anmeldungen und geheime Werte (etwa API-Schlüssel) im Speicher; danach müssten Sie sie erneut eingeben. Sie können sie stattdessen im Klartext in servers.json aufbewahren: Wer diese Datei lesen kann, kann sie lesen. Oder starten Sie einen Schlüsselbund-Dienst (GNOME Keyring oder KWallet) und starten Sie Toolgate neu.</translation>
    </message>
    <message>
        <source>Secret values are kept in %1, as you chose: there is no keychain.</source>
        <translation>Geheime Werte werden in %1 aufbewahrt, wie Sie es gewählt haben: Es gibt keinen Schlüsselbund.</translation>
    </message>
</context>
<context>
    <name>Toolgate::ServerConfig</name>
    <message>
        <source>the environment variable %1</source>
        <translation>Umgebungsvariable %1</translation>
    </message>
    <message>
        <source>the header %1</source>
        <translation>Header %1</translation>
    </message>
</context>
<context>
    <name>Toolgate::ServerConfigFile</name>
    <message>
        <source>an array</source>
        <translation>ein Array</translation>
    </message>
    <message>
        <source>an object</source>
        <translation>ein Objekt</translation>
    </message>
    <message>
        <source>the file is empty; expected {&quot;mcpServers&quot;: {...}}</source>
        <translation>die Datei ist leer; erwartet wird {&quot;mcpServers&quot;: {...}}</translation>
    </message>
    <message>
        <source>%1:%2:%3: invalid JSON at line %2, column %3: %4</source>
        <translation>%1:%2:%3: ungültiges JSON in Zeile %2, Spalte %3: %4</translation>
    </message>
    <message>
        <source>the top level must be a JSON object, not an array</source>
        <translation>die oberste Ebene muss ein JSON-Objekt sein, kein Array</translation>
    </message>
    <message>
        <source>no &quot;mcpServers&quot; or &quot;servers&quot; object found; expected {&quot;mcpServers&quot;: {&quot;name&quot;: {&quot;command&quot;: &quot;...&quot;}}}</source>
        <translation>kein Objekt &quot;mcpServers&quot; oder &quot;servers&quot; gefunden; erwartet wird {&quot;mcpServers&quot;: {&quot;name&quot;: {&quot;command&quot;: &quot;...&quot;}}}</translation>
    </message>
    <message>
        <source>the server &quot;%1&quot; is defined twice (in &quot;%2&quot; and &quot;%3&quot;)</source>
        <translation>der Server „%1“ ist doppelt definiert (in „%2“ und „%3“)</translation>
    </message>
    <message>
        <source>server &quot;%1&quot;: %2</source>
        <translation>Server „%1“: %2</translation>
    </message>
    <message>
        <source>a server in &quot;%1&quot; has an empty name</source>
        <translation>ein Server in „%1“ hat einen leeren Namen</translation>
    </message>
    <message>
        <source>its settings must be an object, not %1</source>
        <translation>seine Einstellungen müssen ein Objekt sein, nicht %1</translation>
    </message>
    <message>
        <source>it has neither &quot;command&quot; nor &quot;url&quot;; give &quot;command&quot; to start a local server or &quot;url&quot; for a remote one</source>
        <translation>er hat weder &quot;command&quot; noch &quot;url&quot;; geben Sie &quot;command&quot; an, um einen lokalen Server zu starten, oder &quot;url&quot; für einen entfernten</translation>
    </message>
    <message>
        <source>it has both &quot;command&quot; and &quot;url&quot;; set &quot;type&quot; to &quot;stdio&quot;, &quot;http&quot; or &quot;sse&quot;</source>
        <translation>er hat sowohl &quot;command&quot; als auch &quot;url&quot;; setzen Sie &quot;type&quot; auf &quot;stdio&quot;, &quot;http&quot; oder &quot;sse&quot;</translation>
    </message>
    <message>
        <source>it is a stdio server but has no &quot;command&quot;</source>
        <translation>er ist ein stdio-Server, hat aber kein &quot;command&quot;</translation>
    </message>
    <message>
        <source>it is an %1 server but has no &quot;url&quot;</source>
        <translation>er ist ein %1-Server, hat aber keine &quot;url&quot;</translation>
    </message>
    <message>
        <source>cannot read the servers file %1: %2</source>
        <translation>die Serverdatei %1 kann nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>cannot save a server without a name</source>
        <translation>ein Server ohne Namen kann nicht gespeichert werden</translation>
    </message>
    <message>
        <source>cannot save: two servers are named &quot;%1&quot;</source>
        <translation>Speichern nicht möglich: Zwei Server heißen „%1“</translation>
    </message>
    <message>
        <source>a number</source>
        <translation>eine Zahl</translation>
    </message>
    <message>
        <source>a string</source>
        <translation>ein Text</translation>
    </message>
    <message>
        <source>nothing</source>
        <translation>nichts</translation>
    </message>
    <message>
        <source>&quot;mcp&quot; must be an object holding &quot;servers&quot;, not %1</source>
        <translation>&quot;mcp&quot; muss ein Objekt mit &quot;servers&quot; sein, nicht %1</translation>
    </message>
    <message>
        <source>&quot;%1&quot; must be an object mapping server names to their settings, not %2</source>
        <translation>&quot;%1&quot; muss ein Objekt sein, das Servernamen ihren Einstellungen zuordnet, nicht %2</translation>
    </message>
    <message>
        <source>&quot;protocolEra&quot; must be &quot;auto&quot;, &quot;legacy&quot; or &quot;modern&quot;, not %1</source>
        <translation>„protocolEra“ muss „auto“, „legacy“ oder „modern“ sein, nicht %1</translation>
    </message>
</context>
<context>
    <name>Toolgate::ServerConnection</name>
    <message>
        <source>connected: %1 %2, protocol %3</source>
        <translation>verbunden: %1 %2, Protokoll %3</translation>
    </message>
    <message>
        <source>starting %1</source>
        <translation>starte %1</translation>
    </message>
    <message numerus="yes">
        <source>reading %n secret value(s) from %1</source>
        <translation>
            <numerusform>lese %n geheimen Wert aus %1</numerusform>
            <numerusform>lese %n geheime Werte aus %1</numerusform>
        </translation>
    </message>
    <message>
        <source>the system keychain</source>
        <translation>dem Schlüsselbund des Systems</translation>
    </message>
    <message>
        <source>the secret value of %1 was not found in %2</source>
        <translation>der geheime Wert (%1) wurde in %2 nicht gefunden</translation>
    </message>
    <message>
        <source>could not read %1</source>
        <translation>%1 konnte nicht gelesen werden</translation>
    </message>
    <message>
        <source>%1. Open Edit Server for &quot;%2&quot;, enter the value again and save.</source>
        <translation>%1. Öffnen Sie „Server bearbeiten“ für „%2“, geben Sie den Wert erneut ein und speichern Sie.</translation>
    </message>
    <message>
        <source>failed: %1</source>
        <translation>fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>%1 — it failed %2 times in a row before getting ready, so Toolgate stopped restarting it. Fix the server, then press Restart.</source>
        <translation>%1 — er ist %2-mal in Folge gescheitert, bevor er bereit war, daher startet Toolgate ihn nicht mehr neu. Beheben Sie das Problem des Servers und drücken Sie dann „Neu starten“.</translation>
    </message>
    <message>
        <source>%1 — it failed %2 times within %3 s, so Toolgate stopped restarting it. Fix the server, then press Restart.</source>
        <translation>%1 — er ist innerhalb von %3 s %2-mal gescheitert, daher startet Toolgate ihn nicht mehr neu. Beheben Sie das Problem des Servers und drücken Sie dann „Neu starten“.</translation>
    </message>
    <message>
        <source>stopped restarting after %1 failures</source>
        <translation>Neustarts nach %1 Fehlschlägen beendet</translation>
    </message>
    <message>
        <source>restarting in %1 s</source>
        <translation>Neustart in %1 s</translation>
    </message>
    <message>
        <source>listing tools failed: %1</source>
        <translation>Auflisten der Werkzeuge fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>listing resources failed: %1</source>
        <translation>Auflisten der Ressourcen fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>listing resource templates failed: %1</source>
        <translation>Auflisten der Ressourcenvorlagen fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>listing prompts failed: %1</source>
        <translation>Auflisten der Prompts fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>the server &quot;%1&quot; is not connected</source>
        <translation>der Server „%1“ ist nicht verbunden</translation>
    </message>
    <message>
        <source>stopped</source>
        <translation>gestoppt</translation>
    </message>
    <message>
        <source>Disabled</source>
        <translation>Deaktiviert</translation>
    </message>
    <message>
        <source>Stopped</source>
        <translation>Gestoppt</translation>
    </message>
    <message>
        <source>Starting</source>
        <translation>Startet</translation>
    </message>
    <message>
        <source>Ready</source>
        <translation>Bereit</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>Fehlgeschlagen</translation>
    </message>
    <message>
        <source>Restarting</source>
        <translation>Startet neu</translation>
    </message>
    <message>
        <source>Failed: %1</source>
        <translation>Fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>Restarting in %1 s (failure %2 of %3): %4</source>
        <translation>Neustart in %1 s (Fehlschlag %2 von %3): %4</translation>
    </message>
    <message>
        <source>Starting…</source>
        <translation>Startet…</translation>
    </message>
    <message>
        <source>modern (2026-07-28)</source>
        <translation>modern (2026-07-28)</translation>
    </message>
    <message>
        <source>legacy (initialize)</source>
        <translation>klassisch (initialize)</translation>
    </message>
    <message>
        <source>as set for this server</source>
        <translation>wie für diesen Server eingestellt</translation>
    </message>
    <message>
        <source>over HTTP only the legacy era so far</source>
        <translation>über HTTP bisher nur die klassische Ära</translation>
    </message>
    <message>
        <source>remembered from an earlier start</source>
        <translation>von einem früheren Start gemerkt</translation>
    </message>
    <message>
        <source>corrected after the server&apos;s answer</source>
        <translation>nach der Antwort des Servers berichtigt</translation>
    </message>
    <message>
        <source>found by asking a separate copy of the server, %1 ms</source>
        <translation>durch Fragen einer eigenen Kopie des Servers ermittelt, %1 ms</translation>
    </message>
    <message>
        <source>not probed</source>
        <translation>nicht erfragt</translation>
    </message>
    <message>
        <source>protocol era: %1, %2</source>
        <translation>Protokoll-Ära: %1, %2</translation>
    </message>
    <message>
        <source>modern</source>
        <translation>modern</translation>
    </message>
    <message>
        <source>legacy</source>
        <translation>klassisch</translation>
    </message>
    <message>
        <source>decided by %1</source>
        <translation>entschieden durch %1</translation>
    </message>
    <message>
        <source>probed in %1 ms</source>
        <translation>in %1 ms ermittelt</translation>
    </message>
    <message>
        <source>cached</source>
        <translation>gemerkt</translation>
    </message>
    <message>
        <source>not started: waiting until you trust what it runs (%1)</source>
        <translation>nicht gestartet: wartet, bis Sie dem vertrauen, was er ausführt (%1)</translation>
    </message>
    <message>
        <source>trusted: %1</source>
        <translation>vertraut: %1</translation>
    </message>
    <message>
        <source>not trusted, so not started</source>
        <translation>nicht vertraut, daher nicht gestartet</translation>
    </message>
    <message>
        <source>Waiting for your trust</source>
        <translation>Wartet auf Ihr Vertrauen</translation>
    </message>
    <message>
        <source>Not started: waiting until you trust what it runs</source>
        <translation>Nicht gestartet: wartet, bis Sie dem vertrauen, was er ausführt</translation>
    </message>
    <message>
        <source>The server &quot;%1&quot; is turned off. Turn it on in the Servers list, then try again.</source>
        <translation>Der Server „%1“ ist ausgeschaltet. Schalten Sie ihn in der Serverliste ein und versuchen Sie es dann erneut.</translation>
    </message>
    <message>
        <source>The server &quot;%1&quot; is stopped. Start it from the Servers list, then try again.</source>
        <translation>Der Server „%1“ ist angehalten. Starten Sie ihn in der Serverliste und versuchen Sie es dann erneut.</translation>
    </message>
    <message>
        <source>The server &quot;%1&quot; is still starting. Try again once it shows Ready.</source>
        <translation>Der Server „%1“ startet noch. Versuchen Sie es erneut, sobald er „Bereit“ zeigt.</translation>
    </message>
    <message>
        <source>The server &quot;%1&quot; stopped working and is being restarted (%2). Try again once it shows Ready.</source>
        <translation>Der Server „%1“ hat aufgehört zu arbeiten und wird neu gestartet (%2). Versuchen Sie es erneut, sobald er „Bereit“ zeigt.</translation>
    </message>
    <message>
        <source>The server &quot;%1&quot; is not running: %2. Fix what the message says, then restart it from the Servers list.</source>
        <translation>Der Server „%1“ läuft nicht: %2. Beheben Sie, was die Meldung nennt, und starten Sie ihn dann in der Serverliste neu.</translation>
    </message>
    <message>
        <source>The server &quot;%1&quot; has not been started: it waits until you trust what it runs. Open it in the Servers list to review and trust it.</source>
        <translation>Der Server „%1“ wurde nicht gestartet: Er wartet, bis Sie dem vertrauen, was er ausführt. Öffnen Sie ihn in der Serverliste, um es zu prüfen und ihm zu vertrauen.</translation>
    </message>
    <message>
        <source>network: connected to %1 (a listed host)</source>
        <translation>Netzwerk: mit %1 verbunden (ein aufgeführter Host)</translation>
    </message>
    <message>
        <source>network: refused a connection to %1, which is not in the sandbox&apos;s list of hosts</source>
        <translation>Netzwerk: Verbindung zu %1 abgewiesen, das nicht in der Host-Liste der Sandbox steht</translation>
    </message>
    <message>
        <source>Toolgate is restarting it; run the tool again once it shows Ready.</source>
        <translation>Toolgate startet ihn neu; führen Sie das Werkzeug erneut aus, sobald er „Bereit“ zeigt.</translation>
    </message>
    <message>
        <source>Toolgate is starting it again; run the tool again once it shows Ready.</source>
        <translation>Toolgate startet ihn erneut; führen Sie das Werkzeug erneut aus, sobald er „Bereit“ zeigt.</translation>
    </message>
    <message>
        <source>Toolgate restarted it; run the tool again.</source>
        <translation>Toolgate hat ihn neu gestartet; führen Sie das Werkzeug erneut aus.</translation>
    </message>
    <message>
        <source>Toolgate did not restart it: %1</source>
        <translation>Toolgate hat ihn nicht neu gestartet: %1</translation>
    </message>
    <message>
        <source>Starting the server twice this time: first a short-lived copy, only to find out which protocol version it speaks (remembered for later starts), then the server itself.</source>
        <translation>Der Server wird diesmal zweimal gestartet: zuerst eine kurzlebige Kopie, nur um herauszufinden, welche Protokollversion er spricht (für spätere Starts gemerkt), dann der Server selbst.</translation>
    </message>
    <message>
        <source>the newer protocol</source>
        <translation>das neuere Protokoll</translation>
    </message>
    <message>
        <source>an older protocol</source>
        <translation>ein älteres Protokoll</translation>
    </message>
    <message>
        <source>found out when it started</source>
        <translation>beim Start herausgefunden</translation>
    </message>
    <message>
        <source>not started: waiting for you to type the secret value of %1, which Toolgate keeps only until it quits (there is no keychain)</source>
        <translation>nicht gestartet: wartet darauf, dass Sie den geheimen Wert eingeben (%1); Toolgate bewahrt ihn nur auf, bis es beendet wird (es gibt keinen Schlüsselbund)</translation>
    </message>
    <message>
        <source>The server &quot;%1&quot; has not been started: it waits for you to type its secret values. Type them when Toolgate asks, or restart the server from the Servers list to be asked again.</source>
        <translation>Der Server „%1“ wurde nicht gestartet: Er wartet darauf, dass Sie seine geheimen Werte eingeben. Geben Sie sie ein, wenn Toolgate danach fragt, oder starten Sie den Server in der Serverliste neu, um erneut gefragt zu werden.</translation>
    </message>
    <message>
        <source>Waiting for its secret values</source>
        <translation>Wartet auf geheime Werte</translation>
    </message>
    <message>
        <source>Not started: waiting for you to type the secret value of %1</source>
        <translation>Nicht gestartet: wartet darauf, dass Sie den geheimen Wert eingeben (%1)</translation>
    </message>
    <message>
        <source>Restarting in %1 s</source>
        <translation>Neustart in %1 s</translation>
    </message>
</context>
<context>
    <name>Toolgate::ServerEditorDialog</name>
    <message>
        <source>(not available: type it again)</source>
        <translation>(nicht verfügbar: bitte erneut eingeben)</translation>
    </message>
    <message>
        <source>Add Server</source>
        <translation>Server hinzufügen</translation>
    </message>
    <message>
        <source>e.g. filesystem</source>
        <translation>z. B. filesystem</translation>
    </message>
    <message>
        <source>&amp;Enabled</source>
        <translation>&amp;Aktiviert</translation>
    </message>
    <message>
        <source>Disabled servers stay in the list but are not started.</source>
        <translation>Deaktivierte Server bleiben in der Liste, werden aber nicht gestartet.</translation>
    </message>
    <message>
        <source>Local program (stdio)</source>
        <translation>Lokales Programm (stdio)</translation>
    </message>
    <message>
        <source>Remote server (Streamable HTTP)</source>
        <translation>Entfernter Server (Streamable HTTP)</translation>
    </message>
    <message>
        <source>Remote server (HTTP with SSE, legacy)</source>
        <translation>Entfernter Server (HTTP mit SSE, veraltet)</translation>
    </message>
    <message>
        <source>Toolgate starts the program on this computer and talks to it through its input and output (&quot;stdio&quot;). Most servers are set up this way.</source>
        <translation>Toolgate startet das Programm auf diesem Computer und spricht über seine Ein- und Ausgabe mit ihm („stdio“). Die meisten Server werden so eingerichtet.</translation>
    </message>
    <message>
        <source>The server runs elsewhere; Toolgate reaches it at a web address.</source>
        <translation>Der Server läuft anderswo; Toolgate erreicht ihn unter einer Webadresse.</translation>
    </message>
    <message>
        <source>An older way to reach a remote server, for servers that do not support the current one.</source>
        <translation>Ein älterer Weg zu einem entfernten Server, für Server, die den aktuellen nicht unterstützen.</translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation>&amp;Name:</translation>
    </message>
    <message>
        <source>&amp;Type:</source>
        <translation>&amp;Typ:</translation>
    </message>
    <message>
        <source>e.g. npx, uvx, or the full path of a program</source>
        <translation>z. B. npx, uvx oder der vollständige Pfad eines Programms</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>Durchsuchen…</translation>
    </message>
    <message>
        <source>-y
@modelcontextprotocol/server-filesystem
/home/me/projects</source>
        <translation>-y
@modelcontextprotocol/server-filesystem
/home/ich/projekte</translation>
    </message>
    <message>
        <source>Toolgate&apos;s own (default)</source>
        <translation>Der von Toolgate (Standard)</translation>
    </message>
    <message>
        <source>Environment variables</source>
        <translation>Umgebungsvariablen</translation>
    </message>
    <message>
        <source>&amp;Command:</source>
        <translation>&amp;Befehl:</translation>
    </message>
    <message>
        <source>&amp;Arguments:</source>
        <translation>A&amp;rgumente:</translation>
    </message>
    <message>
        <source>One argument per line, exactly as the program should get it: no shell quoting.</source>
        <translation>Ein Argument pro Zeile, genau so, wie das Programm es erhalten soll: ohne Shell-Anführungszeichen.</translation>
    </message>
    <message>
        <source>&amp;Working folder:</source>
        <translation>Arbeits&amp;ordner:</translation>
    </message>
    <message>
        <source>En&amp;vironment:</source>
        <translation>&amp;Umgebung:</translation>
    </message>
    <message>
        <source>The server also gets PATH, HOME and a few other basics from Toolgate&apos;s environment, nothing else.</source>
        <translation>Der Server erhält außerdem PATH, HOME und einige andere Grundlagen aus der Umgebung von Toolgate, sonst nichts.</translation>
    </message>
    <message>
        <source>HTTP headers</source>
        <translation>HTTP-Header</translation>
    </message>
    <message>
        <source>Header</source>
        <translation>Header</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Wert</translation>
    </message>
    <message>
        <source>Secret</source>
        <translation>Geheim</translation>
    </message>
    <message>
        <source>&amp;URL:</source>
        <translation>&amp;URL:</translation>
    </message>
    <message>
        <source>&amp;Headers:</source>
        <translation>&amp;Header:</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Add</source>
        <translation>Hinzufügen</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Entfernen</translation>
    </message>
    <message>
        <source>Show secret values</source>
        <translation>Geheime Werte anzeigen</translation>
    </message>
    <message>
        <source>Edit Server “%1”</source>
        <translation>Server „%1“ bearbeiten</translation>
    </message>
    <message>
        <source>The working folder %1 does not exist.</source>
        <translation>Der Arbeitsordner %1 existiert nicht.</translation>
    </message>
    <message>
        <source>Warning: %1</source>
        <translation>Warnung: %1</translation>
    </message>
    <message>
        <source>Choose the Server Program</source>
        <translation>Serverprogramm wählen</translation>
    </message>
    <message>
        <source>Choose the Working Folder</source>
        <translation>Arbeitsordner wählen</translation>
    </message>
    <message>
        <source>Toolgate finds out which version the server speaks and remembers it. For a program on this computer it asks a separate copy once; a remote server is asked the older way first.</source>
        <translation>Toolgate ermittelt, welche Version der Server spricht, und merkt es sich. Ein Programm auf diesem Computer wird einmal über eine eigene Kopie gefragt; ein entfernter Server zuerst auf die ältere Art.</translation>
    </message>
    <message>
        <source>Speak the older versions of MCP only, which start with a handshake called initialize. Nothing is probed.</source>
        <translation>Nur die älteren MCP-Versionen sprechen, die mit einem Handschlag namens initialize beginnen. Es wird nichts erfragt.</translation>
    </message>
    <message>
        <source>Speak MCP 2026-07-28 only, which starts with server/discover. A server that does not speak it fails to connect, saying so.</source>
        <translation>Nur MCP 2026-07-28 sprechen, das mit server/discover beginnt. Ein Server, der es nicht spricht, kann nicht verbunden werden; die Meldung sagt das.</translation>
    </message>
    <message>
        <source>&amp;Sandbox:</source>
        <translation>&amp;Sandbox:</translation>
    </message>
    <message>
        <source>Run it in a sandbox</source>
        <translation>In einer Sandbox ausführen</translation>
    </message>
    <message>
        <source>In its sandbox the program sees the system, the folders granted below and a private temporary folder; not the rest of your home folder, your keys or Toolgate&apos;s own files.</source>
        <translation>In seiner Sandbox sieht das Programm das System, die unten freigegebenen Ordner und einen eigenen temporären Ordner; nicht den Rest Ihres Home-Ordners, Ihre Schlüssel oder Toolgates eigene Dateien.</translation>
    </message>
    <message>
        <source>Folders the sandbox grants</source>
        <translation>Ordner, die die Sandbox freigibt</translation>
    </message>
    <message>
        <source>Granted folder</source>
        <translation>Freigegebener Ordner</translation>
    </message>
    <message>
        <source>Can write</source>
        <translation>Darf schreiben</translation>
    </message>
    <message>
        <source>Grant a Folder…</source>
        <translation>Ordner freigeben…</translation>
    </message>
    <message>
        <source>Network on</source>
        <translation>Netzwerk an</translation>
    </message>
    <message>
        <source>Network off</source>
        <translation>Netzwerk aus</translation>
    </message>
    <message>
        <source>It can connect anywhere, this computer included.</source>
        <translation>Er kann sich überallhin verbinden, auch zu diesem Computer.</translation>
    </message>
    <message>
        <source>No connection at all, this computer included.</source>
        <translation>Keinerlei Verbindung, auch nicht zu diesem Computer.</translation>
    </message>
    <message>
        <source>Checked: it may change and create files there. Unchecked: it may only read them.</source>
        <translation>Angehakt: er darf dort Dateien ändern und anlegen. Nicht angehakt: er darf sie nur lesen.</translation>
    </message>
    <message>
        <source>Choose a Folder to Grant</source>
        <translation>Freizugebenden Ordner wählen</translation>
    </message>
    <message>
        <source>Split into Command and Arguments</source>
        <translation>In Befehl und Argumente aufteilen</translation>
    </message>
    <message>
        <source>Command holds a whole command line. The program is &quot;%1&quot;; the rest are its arguments, which belong in Arguments, one per line.</source>
        <translation>„Befehl“ enthält eine ganze Befehlszeile. Das Programm ist „%1“; der Rest sind seine Argumente, die unter „Argumente“ gehören, eines pro Zeile.</translation>
    </message>
    <message>
        <source>Only listed hosts</source>
        <translation>Nur gelistete Hosts</translation>
    </message>
    <message>
        <source>Only the hosts you list, through Toolgate&apos;s proxy; each connection is recorded with the call that was running.</source>
        <translation>Nur die Hosts, die Sie auflisten, über den Proxy von Toolgate; jede Verbindung wird mit dem Aufruf protokolliert, der gerade lief.</translation>
    </message>
    <message>
        <source>api.example.com:443, *.example.org</source>
        <translation>api.example.com:443, *.example.org</translation>
    </message>
    <message>
        <source>Hosts it may reach</source>
        <translation>Hosts, die er erreichen darf</translation>
    </message>
    <message>
        <source>Host names separated by commas, each with &quot;:port&quot; for that port only; &quot;*.example.org&quot; for any host under example.org.</source>
        <translation>Host-Namen, durch Kommas getrennt, jeweils mit &quot;:Port&quot; nur für diesen Port; &quot;*.example.org&quot; für jeden Host unter example.org.</translation>
    </message>
    <message>
        <source>List the hosts it may reach, separated by commas, or choose Network off.</source>
        <translation>Listen Sie die Hosts auf, die er erreichen darf, durch Kommas getrennt, oder wählen Sie „Netzwerk aus“.</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a host name: write it as api.example.com or api.example.com:443.</source>
        <translation>&quot;%1&quot; ist kein Host-Name: Schreiben Sie ihn als api.example.com oder api.example.com:443.</translation>
    </message>
    <message>
        <source>Automatic</source>
        <translation>Automatisch</translation>
    </message>
    <message>
        <source>Older versions only</source>
        <translation>Nur ältere Versionen</translation>
    </message>
    <message>
        <source>2026-07-28 only</source>
        <translation>Nur 2026-07-28</translation>
    </message>
    <message>
        <source>Which version of the Model Context Protocol Toolgate speaks with this server. Servers made before mid-2026 speak the older versions (legacy); newer ones may speak 2026-07-28 (modern) or both. Leave it at Automatic unless a server needs one of them.</source>
        <translation>Welche Version des Model Context Protocol Toolgate mit diesem Server spricht. Server von vor Mitte 2026 sprechen die älteren Versionen (legacy); neuere sprechen vielleicht 2026-07-28 (modern) oder beide. Lassen Sie es auf Automatisch, außer ein Server braucht eine davon.</translation>
    </message>
    <message>
        <source>&amp;Protocol version:</source>
        <translation>&amp;Protokollversion:</translation>
    </message>
</context>
<context>
    <name>Toolgate::ServerInfoPanel</name>
    <message>
        <source>Instructions:</source>
        <translation>Anleitung:</translation>
    </message>
    <message>
        <source>Sign-in:</source>
        <translation>Anmeldung:</translation>
    </message>
    <message>
        <source>Sign In</source>
        <translation>Anmelden</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Sign Out</source>
        <translation>Abmelden</translation>
    </message>
    <message>
        <source>Instructions from the server</source>
        <translation>Anleitung des Servers</translation>
    </message>
    <message>
        <source>What the server says about how to use it. It comes from the server and is not checked.</source>
        <translation>Was der Server darüber sagt, wie man ihn benutzt. Es stammt vom Server und ist nicht geprüft.</translation>
    </message>
    <message>
        <source>Status:</source>
        <translation>Status:</translation>
    </message>
    <message>
        <source>Runs:</source>
        <translation>Läuft als:</translation>
    </message>
    <message>
        <source>Calls itself:</source>
        <translation>Nennt sich:</translation>
    </message>
    <message>
        <source>Offers:</source>
        <translation>Bietet:</translation>
    </message>
    <message>
        <source>Opens the server&apos;s sign-in page in your browser.</source>
        <translation>Öffnet die Anmeldeseite des Servers in Ihrem Browser.</translation>
    </message>
    <message>
        <source>Forgets this server&apos;s tokens; it will ask you to sign in again.</source>
        <translation>Vergisst die Token dieses Servers; er wird Sie bitten, sich erneut anzumelden.</translation>
    </message>
    <message>
        <source>Apps:</source>
        <translation>Apps:</translation>
    </message>
    <message>
        <source>You allowed this server&apos;s apps to show in tool results.</source>
        <translation>Sie haben zugelassen, dass die Apps dieses Servers in Werkzeugergebnissen erscheinen.</translation>
    </message>
    <message>
        <source>Stop Allowing Apps</source>
        <translation>Apps nicht mehr zulassen</translation>
    </message>
    <message>
        <source>Its apps will ask again before they show, and again for any camera, microphone, location or clipboard you allowed them. Views already open stay until closed.</source>
        <translation>Seine Apps fragen wieder, bevor sie erscheinen, und erneut nach Kamera, Mikrofon, Standort oder Zwischenablage, die Sie ihnen erlaubt haben. Bereits offene Ansichten bleiben, bis sie geschlossen werden.</translation>
    </message>
    <message>
        <source>Not signed in. The server has not asked for a sign-in.</source>
        <translation>Nicht angemeldet. Der Server hat keine Anmeldung verlangt.</translation>
    </message>
    <message>
        <source>They may %1.</source>
        <translation>Sie dürfen: %1.</translation>
    </message>
    <message>
        <source>No server selected</source>
        <translation>Kein Server gewählt</translation>
    </message>
    <message>
        <source>%1 (as the server reports it)</source>
        <translation>%1 (wie der Server es angibt)</translation>
    </message>
    <message>
        <source>tool</source>
        <translation>Werkzeug</translation>
    </message>
    <message>
        <source>tools</source>
        <translation>Werkzeuge</translation>
    </message>
    <message>
        <source>resource</source>
        <translation>Ressource</translation>
    </message>
    <message>
        <source>resources</source>
        <translation>Ressourcen</translation>
    </message>
    <message>
        <source>prompt</source>
        <translation>Prompt</translation>
    </message>
    <message>
        <source>prompts</source>
        <translation>Prompts</translation>
    </message>
    <message>
        <source>log messages</source>
        <translation>Log-Meldungen</translation>
    </message>
    <message>
        <source>suggestions while you type</source>
        <translation>Vorschläge beim Tippen</translation>
    </message>
    <message>
        <source>nothing</source>
        <translation>nichts</translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>Local program</source>
        <translation>Lokales Programm</translation>
    </message>
    <message>
        <source>Remote server (HTTP)</source>
        <translation>Entfernter Server (HTTP)</translation>
    </message>
    <message>
        <source>Remote server (older HTTP+SSE)</source>
        <translation>Entfernter Server (älteres HTTP+SSE)</translation>
    </message>
    <message>
        <source>Toolgate starts this program on your computer and talks to it through its input and output (&quot;stdio&quot;). What it prints as diagnostics shows in the Console.</source>
        <translation>Toolgate startet dieses Programm auf Ihrem Computer und spricht über seine Ein- und Ausgabe mit ihm („stdio“). Was es als Diagnose ausgibt, erscheint in der Konsole.</translation>
    </message>
    <message>
        <source>Toolgate sends each message to this web address (&quot;Streamable HTTP&quot;); the server runs elsewhere.</source>
        <translation>Toolgate sendet jede Nachricht an diese Webadresse („Streamable HTTP“); der Server läuft anderswo.</translation>
    </message>
    <message>
        <source>An older way to reach a remote server (&quot;HTTP with Server-Sent Events&quot;), for servers that do not support the current one.</source>
        <translation>Ein älterer Weg zu einem entfernten Server („HTTP mit Server-Sent Events“), für Server, die den aktuellen nicht unterstützen.</translation>
    </message>
    <message>
        <source>Protocol:</source>
        <translation>Protokoll:</translation>
    </message>
    <message>
        <source>Review and Trust…</source>
        <translation>Prüfen und vertrauen…</translation>
    </message>
    <message>
        <source>Shows exactly what this server runs and lets you trust it, so it starts.</source>
        <translation>Zeigt genau, was dieser Server ausführt, und lässt Sie ihm vertrauen, damit er startet.</translation>
    </message>
    <message>
        <source>Sandbox:</source>
        <translation>Sandbox:</translation>
    </message>
    <message>
        <source>What the program may read, write and reach on this computer. Change it with Edit Server.</source>
        <translation>Was das Programm auf diesem Computer lesen, schreiben und erreichen darf. Ändern Sie es mit „Server bearbeiten“.</translation>
    </message>
    <message>
        <source>Let It Read and Write “%1”</source>
        <translation>„%1“ lesen und schreiben lassen</translation>
    </message>
    <message>
        <source>Let It Read “%1”</source>
        <translation>„%1“ lesen lassen</translation>
    </message>
    <message>
        <source>Adds %1 to the folders its sandbox grants (%2) and starts it again, once you trust it with that.</source>
        <translation>Fügt %1 den Ordnern hinzu, die seine Sandbox freigibt (%2), und startet ihn erneut, sobald Sie ihm damit vertrauen.</translation>
    </message>
    <message>
        <source>read and write</source>
        <translation>lesen und schreiben</translation>
    </message>
    <message>
        <source>read-only</source>
        <translation>nur lesen</translation>
    </message>
    <message>
        <source>Diagnose…</source>
        <translation>Diagnose …</translation>
    </message>
    <message>
        <source>Checks how this server is started or reached, step by step, and says what is wrong, in a report you can copy.</source>
        <translation>Prüft Schritt für Schritt, wie dieser Server gestartet oder erreicht wird, und sagt in einem kopierbaren Bericht, was nicht stimmt.</translation>
    </message>
    <message>
        <source>Let It Reach “%1”</source>
        <translation>„%1“ erreichen lassen</translation>
    </message>
    <message>
        <source>Adds %1 to the hosts its sandbox lets it reach and starts it again, once you trust it with that.</source>
        <translation>Fügt %1 den Hosts hinzu, die seine Sandbox ihn erreichen lässt, und startet ihn erneut, sobald Sie ihm damit vertrauen.</translation>
    </message>
    <message>
        <source>The version of the Model Context Protocol, the language Toolgate and the server speak, that both agreed on. Older servers (legacy) start with a handshake called initialize; servers of the 2026-07-28 version (modern) are asked with server/discover instead. In brackets: whether Toolgate found it out by asking a separate copy of the server when it started, remembered it from an earlier start, or was told by the server&apos;s settings. Point at the value for the exact detail: which request decided it and how long finding out took.</source>
        <translation>Die Version des Model Context Protocol – der Sprache, die Toolgate und der Server sprechen –, auf die sich beide geeinigt haben. Ältere Server (legacy) beginnen mit einem Handschlag namens initialize; Server der Version 2026-07-28 (modern) werden stattdessen mit server/discover gefragt. In Klammern: ob Toolgate sie beim Start durch eine eigene Kopie des Servers herausgefunden, von einem früheren Start gemerkt oder aus den Einstellungen des Servers erfahren hat. Zeigen Sie auf den Wert für die genauen Angaben: welche Anfrage sie bestimmt hat und wie lange das Herausfinden dauerte.</translation>
    </message>
    <message>
        <source>Skills:</source>
        <translation>Skills:</translation>
    </message>
    <message>
        <source>The server offers skills. Each is checked against the server&apos;s list before it is shown.</source>
        <translation>Der Server bietet Skills an. Jeder wird vor dem Anzeigen gegen die Liste des Servers geprüft.</translation>
    </message>
    <message>
        <source>Show Skills…</source>
        <translation>Skills anzeigen…</translation>
    </message>
</context>
<context>
    <name>Toolgate::ServerListModel</name>
    <message>
        <source>Server</source>
        <translation>Server</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Transport</source>
        <translation>Transport</translation>
    </message>
    <message>
        <source>Command or URL</source>
        <translation>Befehl oder URL</translation>
    </message>
    <message>
        <source>local</source>
        <translation>lokal</translation>
    </message>
    <message>
        <source>remote</source>
        <translation>entfernt</translation>
    </message>
    <message>
        <source>Sign-in required</source>
        <translation>Anmeldung erforderlich</translation>
    </message>
    <message>
        <source>Signing in… (finish in your browser)</source>
        <translation>Anmeldung läuft… (im Browser abschließen)</translation>
    </message>
</context>
<context>
    <name>Toolgate::ServerPanel</name>
    <message>
        <source>&amp;Add Server…</source>
        <translation>Server &amp;hinzufügen…</translation>
    </message>
    <message>
        <source>Add a server</source>
        <translation>Einen Server hinzufügen</translation>
    </message>
    <message>
        <source>&amp;Edit Server…</source>
        <translation>Server &amp;bearbeiten…</translation>
    </message>
    <message>
        <source>Edit the selected server</source>
        <translation>Den gewählten Server bearbeiten</translation>
    </message>
    <message>
        <source>&amp;Remove Server</source>
        <translation>Server &amp;entfernen</translation>
    </message>
    <message>
        <source>Remove the selected server</source>
        <translation>Den gewählten Server entfernen</translation>
    </message>
    <message>
        <source>&amp;Disable Server</source>
        <translation>Server &amp;deaktivieren</translation>
    </message>
    <message>
        <source>Re&amp;start Server</source>
        <translation>Server neu &amp;starten</translation>
    </message>
    <message>
        <source>Restart the selected server</source>
        <translation>Den gewählten Server neu starten</translation>
    </message>
    <message>
        <source>Servers</source>
        <translation>Server</translation>
    </message>
    <message>
        <source>E&amp;nable Server</source>
        <translation>Server &amp;aktivieren</translation>
    </message>
    <message>
        <source>Disable the selected server: stop it and do not start it again</source>
        <translation>Den gewählten Server deaktivieren: ihn stoppen und nicht wieder starten</translation>
    </message>
    <message>
        <source>Enable the selected server and start it</source>
        <translation>Den gewählten Server aktivieren und starten</translation>
    </message>
    <message>
        <source>server</source>
        <translation>Server</translation>
    </message>
    <message>
        <source>Add Server</source>
        <translation>Server hinzufügen</translation>
    </message>
    <message>
        <source>Could Not Add the Server</source>
        <translation>Server konnte nicht hinzugefügt werden</translation>
    </message>
    <message>
        <source>Added %1.</source>
        <translation>%1 hinzugefügt.</translation>
    </message>
    <message>
        <source>Could Not Save the Server</source>
        <translation>Server konnte nicht gespeichert werden</translation>
    </message>
    <message>
        <source>Saved %1.</source>
        <translation>%1 gespeichert.</translation>
    </message>
    <message>
        <source>Remove Server</source>
        <translation>Server entfernen</translation>
    </message>
    <message>
        <source>Remove “%1” from Toolgate?</source>
        <translation>„%1“ aus Toolgate entfernen?</translation>
    </message>
    <message>
        <source>The server is stopped and its entry is deleted from the servers file.</source>
        <translation>Der Server wird gestoppt und sein Eintrag aus der Serverdatei gelöscht.</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Entfernen</translation>
    </message>
    <message>
        <source>Could Not Remove the Server</source>
        <translation>Server konnte nicht entfernt werden</translation>
    </message>
    <message>
        <source>Removed %1.</source>
        <translation>%1 entfernt.</translation>
    </message>
    <message>
        <source>Could Not Enable the Server</source>
        <translation>Server konnte nicht aktiviert werden</translation>
    </message>
    <message>
        <source>Could Not Disable the Server</source>
        <translation>Server konnte nicht deaktiviert werden</translation>
    </message>
    <message>
        <source>Enabled %1.</source>
        <translation>%1 aktiviert.</translation>
    </message>
    <message>
        <source>Disabled %1.</source>
        <translation>%1 deaktiviert.</translation>
    </message>
    <message>
        <source>Restarting %1…</source>
        <translation>%1 wird neu gestartet…</translation>
    </message>
    <message>
        <source>&amp;Probe the Protocol Era Again</source>
        <translation>Protokoll-Ära neu er&amp;mitteln</translation>
    </message>
    <message>
        <source>Forget which protocol version the selected server was found to speak, and restart it: Toolgate asks a separate copy of it again. For servers set to Auto that run on this computer.</source>
        <translation>Vergessen, welche Protokollversion der gewählte Server spricht, und ihn neu starten: Toolgate fragt wieder eine eigene Kopie. Für Server auf diesem Computer, die auf Auto stehen.</translation>
    </message>
    <message>
        <source>Restarting %1 to find out its protocol era again…</source>
        <translation>%1 wird neu gestartet, um seine Protokoll-Ära neu zu ermitteln…</translation>
    </message>
    <message>
        <source>Granted %1 to %2.</source>
        <translation>%1 für %2 freigegeben.</translation>
    </message>
</context>
<context>
    <name>Toolgate::ServerRequest</name>
    <message>
        <source>%1 cannot be checked: %2</source>
        <translation>%1 kann nicht geprüft werden: %2</translation>
    </message>
    <message>
        <source>the reply is empty</source>
        <translation>die Antwort ist leer</translation>
    </message>
    <message>
        <source>the reply text is empty</source>
        <translation>der Antworttext ist leer</translation>
    </message>
    <message>
        <source>this reply may not ask for tools</source>
        <translation>diese Antwort darf keine Werkzeuge anfordern</translation>
    </message>
    <message>
        <source>each tool request needs its own id</source>
        <translation>jede Werkzeuganfrage braucht eine eigene ID</translation>
    </message>
    <message>
        <source>the server did not offer a tool named &quot;%1&quot;</source>
        <translation>der Server hat kein Werkzeug namens „%1“ angeboten</translation>
    </message>
    <message>
        <source>the arguments of %1</source>
        <translation>die Argumente von %1</translation>
    </message>
    <message>
        <source>a reply cannot contain a tool result</source>
        <translation>eine Antwort kann kein Werkzeugergebnis enthalten</translation>
    </message>
    <message>
        <source>the server asked that no tool be used (toolChoice &quot;none&quot;)</source>
        <translation>der Server hat gebeten, kein Werkzeug zu verwenden (toolChoice &quot;none&quot;)</translation>
    </message>
    <message>
        <source>the server asked that at least one tool be used (toolChoice &quot;required&quot;)</source>
        <translation>der Server hat gebeten, mindestens ein Werkzeug zu verwenden (toolChoice &quot;required&quot;)</translation>
    </message>
    <message>
        <source>the reply is longer than the server allows (about %1 tokens; at most %2)</source>
        <translation>die Antwort ist länger, als der Server erlaubt (etwa %1 Token; höchstens %2)</translation>
    </message>
    <message>
        <source>The reply cannot be sent</source>
        <translation>Die Antwort kann nicht gesendet werden</translation>
    </message>
    <message>
        <source>the answer</source>
        <translation>die Antwort</translation>
    </message>
    <message>
        <source>The answer does not match what the server asked for</source>
        <translation>Die Antwort passt nicht zu dem, was der Server erfragt hat</translation>
    </message>
    <message>
        <source>this request was answered already</source>
        <translation>diese Anfrage wurde schon beantwortet</translation>
    </message>
    <message>
        <source>the request was dropped without an answer</source>
        <translation>die Anfrage wurde ohne Antwort verworfen</translation>
    </message>
    <message>
        <source>a URL elicitation is accepted without content</source>
        <translation>eine URL-Elicitation wird ohne Inhalt angenommen</translation>
    </message>
</context>
<context>
    <name>Toolgate::ServerRequestDialog</name>
    <message numerus="yes">
        <source>%n more request(s) from this server wait behind this one.</source>
        <translation>
            <numerusform>Hinter dieser wartet noch %n Anfrage dieses Servers.</numerusform>
            <numerusform>Hinter dieser warten noch %n Anfragen dieses Servers.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Toolgate::ServerRequestPipeline</name>
    <message>
        <source>%1 sends requests faster than you can answer them; Toolgate refuses the extra ones until it slows down.</source>
        <translation>%1 sendet Anfragen schneller, als Sie sie beantworten können; Toolgate weist die überzähligen zurück, bis er langsamer wird.</translation>
    </message>
    <message>
        <source>%1&apos;s %2 request was closed unanswered: %3.</source>
        <translation>Die %2-Anfrage von %1 wurde unbeantwortet geschlossen: %3.</translation>
    </message>
    <message>
        <source>the server cancelled the request</source>
        <translation>der Server hat die Anfrage abgebrochen</translation>
    </message>
    <message>
        <source>the server cancelled the request (%1)</source>
        <translation>der Server hat die Anfrage abgebrochen (%1)</translation>
    </message>
    <message>
        <source>%1 cancelled its %2 request%3; nothing was sent.</source>
        <translation>%1 hat seine %2-Anfrage abgebrochen%3; nichts wurde gesendet.</translation>
    </message>
    <message>
        <source> (%1)</source>
        <translation> (%1)</translation>
    </message>
    <message>
        <source>the server reports the step in the browser complete</source>
        <translation>der Server meldet den Schritt im Browser als abgeschlossen</translation>
    </message>
    <message>
        <source>%1 reports that the step in the browser is complete. If a request of yours waited for it, run it again.</source>
        <translation>%1 meldet, dass der Schritt im Browser abgeschlossen ist. Falls eine Ihrer Anfragen darauf gewartet hat, führen Sie sie erneut aus.</translation>
    </message>
    <message>
        <source>no answer within %1</source>
        <translation>keine Antwort innerhalb von %1</translation>
    </message>
    <message>
        <source>%1&apos;s %2 request got no answer within %3; it was closed.</source>
        <translation>Die %2-Anfrage von %1 hat innerhalb von %3 keine Antwort erhalten; sie wurde geschlossen.</translation>
    </message>
    <message>
        <source>Toolgate is closing</source>
        <translation>Toolgate wird beendet</translation>
    </message>
    <message>
        <source>the server disconnected</source>
        <translation>der Server hat die Verbindung getrennt</translation>
    </message>
    <message>
        <source>%1 requests refused: the server sent them faster than they could be answered</source>
        <translation>%1 Anfragen abgelehnt: Der Server hat sie schneller gesendet, als sie beantwortet werden konnten</translation>
    </message>
    <message>
        <source>no one can answer requests in this client</source>
        <translation>in diesem Client kann niemand Anfragen beantworten</translation>
    </message>
    <message>
        <source>run as a task</source>
        <translation>als Task ausgeführt</translation>
    </message>
</context>
<context>
    <name>Toolgate::ServerSignIn</name>
    <message>
        <source>the server was removed during its sign-in</source>
        <translation>der Server wurde während seiner Anmeldung entfernt</translation>
    </message>
    <message>
        <source>a newer sign-in request replaced this one</source>
        <translation>eine neuere Anmeldung hat diese ersetzt</translation>
    </message>
    <message>
        <source>Sign-in required: %1 asks you to sign in at %2. Press Sign in to open it in your browser.</source>
        <translation>Anmeldung erforderlich: %1 bittet Sie, sich bei %2 anzumelden. Drücken Sie „Anmelden“, um die Seite im Browser zu öffnen.</translation>
    </message>
    <message>
        <source>Signed in.</source>
        <translation>Angemeldet.</translation>
    </message>
    <message>
        <source>Sign-in failed: %1. Press Sign in to try again, or check the server&apos;s URL.</source>
        <translation>Anmeldung fehlgeschlagen: %1. Drücken Sie „Anmelden“, um es erneut zu versuchen, oder prüfen Sie die URL des Servers.</translation>
    </message>
    <message>
        <source>Signing in… contacting the server.</source>
        <translation>Anmeldung läuft… Server wird kontaktiert.</translation>
    </message>
    <message>
        <source>Signing in… finish in your browser.</source>
        <translation>Anmeldung läuft… im Browser abschließen.</translation>
    </message>
    <message>
        <source>Sign-in did not finish: %1. Press Sign in to try again.</source>
        <translation>Die Anmeldung wurde nicht abgeschlossen: %1. Drücken Sie „Anmelden“, um es erneut zu versuchen.</translation>
    </message>
    <message>
        <source>Signing in… getting the tokens.</source>
        <translation>Anmeldung läuft… Token werden abgerufen.</translation>
    </message>
    <message>
        <source>Sign-in cancelled. Press Sign in when you want to try again.</source>
        <translation>Anmeldung abgebrochen. Drücken Sie „Anmelden“, wenn Sie es erneut versuchen möchten.</translation>
    </message>
    <message>
        <source>you cancelled the sign-in to %1</source>
        <translation>Sie haben die Anmeldung bei %1 abgebrochen</translation>
    </message>
    <message>
        <source>Could not forget the sign-in: %1</source>
        <translation>Die Anmeldung konnte nicht vergessen werden: %1</translation>
    </message>
    <message>
        <source>Signed out: the tokens were forgotten.</source>
        <translation>Abgemeldet: Die Token wurden vergessen.</translation>
    </message>
    <message>
        <source>Signed in (saved sign-in).</source>
        <translation>Angemeldet (gespeicherte Anmeldung).</translation>
    </message>
</context>
<context>
    <name>Toolgate::ServerTrust</name>
    <message>
        <source>(none)</source>
        <translation>(keine)</translation>
    </message>
    <message>
        <source>The list of servers you trusted (%1) could not be read: %2. Until it is, no server counts as trusted: Toolgate asks again before starting each one.</source>
        <translation>Die Liste der Server, denen Sie vertraut haben (%1), konnte nicht gelesen werden: %2. Solange das so ist, gilt kein Server als vertraut: Toolgate fragt vor dem Start jedes Servers erneut.</translation>
    </message>
    <message>
        <source>it is larger than any such list can be</source>
        <translation>sie ist größer, als eine solche Liste sein kann</translation>
    </message>
    <message>
        <source>it is not in the format this version of Toolgate writes</source>
        <translation>sie hat nicht das Format, das diese Version von Toolgate schreibt</translation>
    </message>
    <message>
        <source>It was a local program; now it is a remote server.</source>
        <translation>Es war ein lokales Programm; jetzt ist es ein entfernter Server.</translation>
    </message>
    <message>
        <source>It was a remote server; now it is a local program.</source>
        <translation>Es war ein entfernter Server; jetzt ist es ein lokales Programm.</translation>
    </message>
    <message>
        <source>Address: %1 → %2</source>
        <translation>Adresse: %1 → %2</translation>
    </message>
    <message>
        <source>Program: %1 → %2</source>
        <translation>Programm: %1 → %2</translation>
    </message>
    <message>
        <source>Arguments: %1 → %2</source>
        <translation>Argumente: %1 → %2</translation>
    </message>
    <message>
        <source>Environment variables: %1 → %2</source>
        <translation>Umgebungsvariablen: %1 → %2</translation>
    </message>
    <message>
        <source>(Toolgate&apos;s own)</source>
        <translation>(der von Toolgate)</translation>
    </message>
    <message>
        <source>Working folder: %1 → %2</source>
        <translation>Arbeitsordner: %1 → %2</translation>
    </message>
    <message>
        <source>cannot keep a key in %1; servers with a secret value typed into the servers file will be asked about on each start</source>
        <translation>in %1 lässt sich kein Schlüssel ablegen; nach Servern mit einem geheimen Wert, der direkt in der Serverdatei steht, wird bei jedem Start neu gefragt</translation>
    </message>
    <message>
        <source>(secret)</source>
        <translation>(geheim)</translation>
    </message>
    <message>
        <source>Environment values: Toolgate now checks them too (it used to check only the names); have a look at them once</source>
        <translation>Werte der Umgebungsvariablen: Toolgate prüft jetzt auch sie (bisher nur die Namen); sehen Sie sie sich einmal an</translation>
    </message>
    <message>
        <source>Environment variable %1: its secret value changed</source>
        <translation>Umgebungsvariable %1: ihr geheimer Wert hat sich geändert</translation>
    </message>
    <message>
        <source>Environment variable %1: %2 → %3</source>
        <translation>Umgebungsvariable %1: %2 → %3</translation>
    </message>
    <message>
        <source>off</source>
        <translation>aus</translation>
    </message>
    <message>
        <source>on (grants: %1; network: %2)</source>
        <translation>an (Freigaben: %1; Netzwerk: %2)</translation>
    </message>
    <message>
        <source>Sandbox: %1 → %2</source>
        <translation>Sandbox: %1 → %2</translation>
    </message>
    <message>
        <source>(secret, not shown)</source>
        <translation>(geheim, nicht angezeigt)</translation>
    </message>
</context>
<context>
    <name>Toolgate::ServerTrustDialog</name>
    <message>
        <source>Trust This Server?</source>
        <translation>Diesem Server vertrauen?</translation>
    </message>
    <message>
        <source>&quot;%1&quot; changed since you trusted it</source>
        <translation>„%1“ hat sich geändert, seit Sie ihm vertraut haben</translation>
    </message>
    <message>
        <source>Start &quot;%1&quot;?</source>
        <translation>„%1“ starten?</translation>
    </message>
    <message>
        <source>Toolgate has not connected to this server yet. It would send your requests to the address below. Connect only if you know this server and expect it here.</source>
        <translation>Toolgate hat sich noch nicht mit diesem Server verbunden. Es würde Ihre Anfragen an die Adresse unten senden. Verbinden Sie sich nur, wenn Sie diesen Server kennen und ihn hier erwarten.</translation>
    </message>
    <message>
        <source>Toolgate has not started this server yet. It would run the program below on your computer, with your permissions. Start it only if you know what it is and expect it here.</source>
        <translation>Toolgate hat diesen Server noch nicht gestartet. Es würde das Programm unten auf Ihrem Computer ausführen, mit Ihren Rechten. Starten Sie es nur, wenn Sie wissen, was es ist, und es hier erwarten.</translation>
    </message>
    <message>
        <source>What changed:</source>
        <translation>Was sich geändert hat:</translation>
    </message>
    <message>
        <source>Address:</source>
        <translation>Adresse:</translation>
    </message>
    <message>
        <source>Full URL:</source>
        <translation>Vollständige URL:</translation>
    </message>
    <message>
        <source>Command:</source>
        <translation>Befehl:</translation>
    </message>
    <message>
        <source>Program found:</source>
        <translation>Gefundenes Programm:</translation>
    </message>
    <message>
        <source>Environment variables:</source>
        <translation>Umgebungsvariablen:</translation>
    </message>
    <message>
        <source>(none besides the usual ones, such as PATH and HOME)</source>
        <translation>(keine außer den üblichen wie PATH und HOME)</translation>
    </message>
    <message>
        <source>Working folder:</source>
        <translation>Arbeitsordner:</translation>
    </message>
    <message>
        <source>(Toolgate&apos;s own: %1)</source>
        <translation>(der von Toolgate: %1)</translation>
    </message>
    <message>
        <source>Trust and Connect</source>
        <translation>Vertrauen und verbinden</translation>
    </message>
    <message>
        <source>Trust and Start</source>
        <translation>Vertrauen und starten</translation>
    </message>
    <message>
        <source>Don&apos;t Connect</source>
        <translation>Nicht verbinden</translation>
    </message>
    <message>
        <source>Don&apos;t Start</source>
        <translation>Nicht starten</translation>
    </message>
    <message>
        <source>Its address changed since you trusted it, so Toolgate has not connected to it. Connect only if you expect this change.</source>
        <translation>Seine Adresse hat sich geändert, seit Sie ihm vertraut haben, daher hat Toolgate sich nicht mit ihm verbunden. Verbinden Sie sich nur, wenn Sie diese Änderung erwarten.</translation>
    </message>
    <message>
        <source>What it runs changed since you trusted it, so Toolgate has not started it. It would run the program below on your computer, with your permissions. Start it only if you expect this change.</source>
        <translation>Was er ausführt, hat sich geändert, seit Sie ihm vertraut haben, daher hat Toolgate ihn nicht gestartet. Er würde das Programm unten auf Ihrem Computer ausführen, mit Ihren Rechten. Starten Sie ihn nur, wenn Sie diese Änderung erwarten.</translation>
    </message>
    <message>
        <source>Secret values are not shown. A change to any of these, values included, asks again.</source>
        <translation>Geheime Werte werden nicht angezeigt. Jede Änderung an diesen Angaben, auch an einem Wert, fragt erneut nach.</translation>
    </message>
    <message>
        <source>Sandbox:</source>
        <translation>Sandbox:</translation>
    </message>
</context>
<context>
    <name>Toolgate::SkillsDialog</name>
    <message>
        <source>Skills of %1</source>
        <translation>Skills von %1</translation>
    </message>
</context>
<context>
    <name>Toolgate::SkillsView</name>
    <message>
        <source>Refresh</source>
        <translation>Aktualisieren</translation>
    </message>
    <message>
        <source>Open Skill</source>
        <translation>Skill öffnen</translation>
    </message>
    <message>
        <source>Skills</source>
        <translation>Skills</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Description</source>
        <translation>Beschreibung</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>Größe</translation>
    </message>
    <message>
        <source>SKILL.md digest</source>
        <translation>Digest der SKILL.md</translation>
    </message>
    <message>
        <source>SKILL.md</source>
        <translation>SKILL.md</translation>
    </message>
    <message>
        <source>Open a skill to fetch its SKILL.md. Nothing is fetched before: the list above comes from the server&apos;s listing alone.</source>
        <translation>Öffnen Sie einen Skill, um seine SKILL.md zu holen. Vorher wird nichts geholt: Die Liste oben stammt allein aus der Auflistung des Servers.</translation>
    </message>
    <message>
        <source>The server is not connected. Start it to see its skills.</source>
        <translation>Der Server ist nicht verbunden. Starten Sie ihn, um seine Skills zu sehen.</translation>
    </message>
    <message>
        <source>This server offers no skills.</source>
        <translation>Dieser Server bietet keine Skills an.</translation>
    </message>
    <message>
        <source>Listing the skills…</source>
        <translation>Skills werden aufgelistet…</translation>
    </message>
    <message>
        <source>The skills could not be listed: %1</source>
        <translation>Die Skills konnten nicht aufgelistet werden: %1</translation>
    </message>
    <message>
        <source>no digests</source>
        <translation>keine Digests</translation>
    </message>
    <message>
        <source>The server lists no digests for this skill, so it cannot be checked and is not loaded.</source>
        <translation>Der Server listet für diesen Skill keine Digests; er kann nicht geprüft werden und wird nicht geladen.</translation>
    </message>
    <message numerus="yes">
        <source>%n file(s)</source>
        <translation>
            <numerusform>%n Datei</numerusform>
            <numerusform>%n Dateien</numerusform>
        </translation>
    </message>
    <message>
        <source>The server lists no skills.</source>
        <translation>Der Server listet keine Skills.</translation>
    </message>
    <message numerus="yes">
        <source>%n skill(s). Opening one fetches its SKILL.md and checks it against this list (size, digest, frontmatter) before it is shown.</source>
        <translation>
            <numerusform>%n Skill. Wer ihn öffnet, holt seine SKILL.md und prüft sie vor dem Anzeigen gegen diese Liste (Größe, Digest, Frontmatter).</numerusform>
            <numerusform>%n Skills. Wer einen öffnet, holt seine SKILL.md und prüft sie vor dem Anzeigen gegen diese Liste (Größe, Digest, Frontmatter).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n entry(s) of the listing could not be read and are left out.</source>
        <translation>
            <numerusform>%n Eintrag der Auflistung war nicht lesbar und wird ausgelassen.</numerusform>
            <numerusform>%n Einträge der Auflistung waren nicht lesbar und werden ausgelassen.</numerusform>
        </translation>
    </message>
    <message>
        <source>Fetching and checking %1…</source>
        <translation>%1 wird geholt und geprüft…</translation>
    </message>
    <message>
        <source>%1 was not loaded.</source>
        <translation>%1 wurde nicht geladen.</translation>
    </message>
    <message>
        <source>This skill was not loaded</source>
        <translation>Dieser Skill wurde nicht geladen</translation>
    </message>
    <message>
        <source>%1 is verified.</source>
        <translation>%1 ist geprüft.</translation>
    </message>
    <message>
        <source>Verified against the server&apos;s listing: size, SHA-256 digest and frontmatter match. Shown as plain text.</source>
        <translation>Gegen die Auflistung des Servers geprüft: Größe, SHA-256-Digest und Frontmatter stimmen. Als reiner Text angezeigt.</translation>
    </message>
    <message>
        <source>Use Skill in Chat</source>
        <translation>Skill im Chat verwenden</translation>
    </message>
    <message>
        <source>The model of the current chat conversation will get the text below as instructions, with every message that follows. Use a skill only from a server you trust: the model may do what it says.</source>
        <translation>Das Modell des aktuellen Chat-Gesprächs erhält den Text unten als Anweisungen, mit jeder folgenden Nachricht. Verwenden Sie einen Skill nur von einem Server, dem Sie vertrauen: Das Modell tut womöglich, was darin steht.</translation>
    </message>
    <message>
        <source>Server:</source>
        <translation>Server:</translation>
    </message>
    <message>
        <source>Skill:</source>
        <translation>Skill:</translation>
    </message>
    <message>
        <source>URI:</source>
        <translation>URI:</translation>
    </message>
    <message>
        <source>SHA-256 digest:</source>
        <translation>SHA-256-Digest:</translation>
    </message>
    <message>
        <source>Size:</source>
        <translation>Größe:</translation>
    </message>
    <message>
        <source>Instructions the model will get</source>
        <translation>Anweisungen, die das Modell erhält</translation>
    </message>
    <message>
        <source>Use in Chat</source>
        <translation>Im Chat verwenden</translation>
    </message>
    <message>
        <source>Use in Chat…</source>
        <translation>Im Chat verwenden…</translation>
    </message>
    <message>
        <source>Give the verified skill shown to the current chat conversation as instructions</source>
        <translation>Den angezeigten, geprüften Skill dem aktuellen Chat-Gespräch als Anweisungen geben</translation>
    </message>
</context>
<context>
    <name>Toolgate::SseTransport</name>
    <message>
        <source>the server sent a message before naming its message endpoint; dropped</source>
        <translation>der Server hat eine Nachricht gesendet, bevor er seinen Nachrichten-Endpunkt nannte; verworfen</translation>
    </message>
    <message>
        <source>the server at %1 named a message endpoint on another site (%2); refused for safety</source>
        <translation>der Server unter %1 nannte einen Nachrichten-Endpunkt auf einer anderen Website (%2); aus Sicherheitsgründen abgelehnt</translation>
    </message>
    <message>
        <source>the server named a second message endpoint; ignored</source>
        <translation>der Server nannte einen zweiten Nachrichten-Endpunkt; ignoriert</translation>
    </message>
    <message>
        <source>opening the event stream (HTTP+SSE)</source>
        <translation>Öffnen des Ereignisstroms (HTTP+SSE)</translation>
    </message>
    <message>
        <source>%1 failed: %2 answered with &quot;%3&quot; instead of an event stream; is this the server&apos;s SSE URL?</source>
        <translation>%1 fehlgeschlagen: %2 antwortete mit &quot;%3&quot; statt mit einem Ereignisstrom; ist das die SSE-URL des Servers?</translation>
    </message>
    <message>
        <source>the server at %1 closed its event stream without naming a message endpoint</source>
        <translation>der Server unter %1 hat seinen Ereignisstrom geschlossen, ohne einen Nachrichten-Endpunkt zu nennen</translation>
    </message>
    <message>
        <source>the server closed the event stream; the session is over</source>
        <translation>der Server hat den Ereignisstrom geschlossen; die Sitzung ist beendet</translation>
    </message>
    <message>
        <source>sending &quot;%1&quot;</source>
        <translation>Senden von &quot;%1&quot;</translation>
    </message>
    <message>
        <source>sending the request &quot;%1&quot;</source>
        <translation>Senden der Anfrage &quot;%1&quot;</translation>
    </message>
    <message>
        <source>the server at %1 did not name its message endpoint in time; is this the server&apos;s SSE URL?</source>
        <translation>der Server unter %1 hat seinen Nachrichten-Endpunkt nicht rechtzeitig genannt; ist das die SSE-URL des Servers?</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a usable server URL: it must start with http:// or https:// and name a host</source>
        <translation>&quot;%1&quot; ist keine verwendbare Server-URL: Sie muss mit http:// oder https:// beginnen und einen Host nennen</translation>
    </message>
</context>
<context>
    <name>Toolgate::StdioTransport</name>
    <message>
        <source>the server wrote a line that is not a JSON-RPC message to stdout: %1</source>
        <translation>der Server hat eine Zeile nach stdout geschrieben, die keine JSON-RPC-Nachricht ist: %1</translation>
    </message>
    <message>
        <source>the server closed its standard output but kept running, so it could not answer any more; it was stopped</source>
        <translation>der Server hat seine Standardausgabe geschlossen, lief aber weiter und konnte daher nicht mehr antworten; er wurde gestoppt</translation>
    </message>
    <message>
        <source>. Its last output on stderr:
</source>
        <translation>. Seine letzte Ausgabe auf stderr:
</translation>
    </message>
    <message>
        <source>could not start %1: %2</source>
        <translation>%1 konnte nicht gestartet werden: %2</translation>
    </message>
    <message>
        <source>the command %1 does not exist</source>
        <translation>der Befehl %1 existiert nicht</translation>
    </message>
    <message>
        <source>%1 is not an executable program</source>
        <translation>%1 ist kein ausführbares Programm</translation>
    </message>
    <message>
        <source>the command &quot;%1&quot; was not found. Searched PATH: %2. Install it, or give its full path in the server&apos;s settings.</source>
        <translation>der Befehl „%1“ wurde nicht gefunden. Durchsuchter PATH: %2. Installieren Sie ihn oder geben Sie in den Einstellungen des Servers seinen vollständigen Pfad an.</translation>
    </message>
    <message>
        <source>could not start %1: no pipes for its input and output (%2)</source>
        <translation>%1 konnte nicht gestartet werden: keine Pipes für Ein- und Ausgabe (%2)</translation>
    </message>
    <message>
        <source>no command is configured for this server</source>
        <translation>für diesen Server ist kein Befehl eingestellt</translation>
    </message>
</context>
<context>
    <name>Toolgate::StreamableHttpTransport</name>
    <message>
        <source>sending the request &quot;%1&quot;</source>
        <translation>Senden der Anfrage &quot;%1&quot;</translation>
    </message>
    <message>
        <source>sending the notification &quot;%1&quot;</source>
        <translation>Senden der Benachrichtigung &quot;%1&quot;</translation>
    </message>
    <message>
        <source>sending an answer to the server&apos;s request</source>
        <translation>Senden einer Antwort auf die Anfrage des Servers</translation>
    </message>
    <message>
        <source>the server sent an invalid Mcp-Session-Id header; ignored</source>
        <translation>der Server hat einen ungültigen Mcp-Session-Id-Header gesendet; ignoriert</translation>
    </message>
    <message>
        <source>%1: the server accepted it (HTTP %2) but sent no answer</source>
        <translation>%1: Der Server hat es angenommen (HTTP %2), aber keine Antwort gesendet</translation>
    </message>
    <message>
        <source>%1: the server&apos;s answer is not JSON: %2</source>
        <translation>%1: Die Antwort des Servers ist kein JSON: %2</translation>
    </message>
    <message>
        <source>%1: the server&apos;s answer does not answer this request</source>
        <translation>%1: Die Antwort des Servers beantwortet diese Anfrage nicht</translation>
    </message>
    <message>
        <source>the server closed the response stream of &quot;%1&quot; before answering and gave no event id to resume from; the request may or may not have been carried out</source>
        <translation>der Server hat den Antwortstrom von &quot;%1&quot; vor der Antwort geschlossen und keine Ereignis-ID zum Fortsetzen genannt; die Anfrage wurde vielleicht ausgeführt, vielleicht nicht</translation>
    </message>
    <message>
        <source>the server closed a response stream before answering and does not let it be resumed (HTTP 405); the request may or may not have been carried out</source>
        <translation>der Server hat einen Antwortstrom vor der Antwort geschlossen und lässt ihn nicht fortsetzen (HTTP 405); die Anfrage wurde vielleicht ausgeführt, vielleicht nicht</translation>
    </message>
    <message>
        <source>resuming a response stream</source>
        <translation>Fortsetzen eines Antwortstroms</translation>
    </message>
    <message>
        <source>the stream for server messages is closed: %1</source>
        <translation>der Strom für Servernachrichten ist geschlossen: %1</translation>
    </message>
    <message>
        <source>the server&apos;s event stream broke %1 times in a row; gave up reconnecting</source>
        <translation>der Ereignisstrom des Servers ist %1-mal hintereinander abgebrochen; das erneute Verbinden wurde aufgegeben</translation>
    </message>
    <message>
        <source>%1 failed: the server still refuses access (HTTP %2) after %3 sign-in attempts. Your account may lack the permission it asks for.</source>
        <translation>%1 fehlgeschlagen: Der Server verweigert nach %3 Anmeldeversuchen weiterhin den Zugriff (HTTP %2). Ihrem Konto fehlt womöglich die verlangte Berechtigung.</translation>
    </message>
    <message>
        <source>the server ended the session (HTTP 404) and a new one could not be started</source>
        <translation>der Server hat die Sitzung beendet (HTTP 404), und eine neue konnte nicht begonnen werden</translation>
    </message>
    <message>
        <source>the server ended the session (HTTP 404); starting a new one</source>
        <translation>der Server hat die Sitzung beendet (HTTP 404); eine neue wird begonnen</translation>
    </message>
    <message>
        <source>the server refused a new session: %1</source>
        <translation>der Server hat eine neue Sitzung abgelehnt: %1</translation>
    </message>
    <message>
        <source>the server ended the session and a new one could not be started: %1</source>
        <translation>der Server hat die Sitzung beendet, und eine neue konnte nicht begonnen werden: %1</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a usable server URL: it must start with http:// or https:// and name a host</source>
        <translation>&quot;%1&quot; ist keine verwendbare Server-URL: Sie muss mit http:// oder https:// beginnen und einen Host nennen</translation>
    </message>
    <message>
        <source>the server closed the response stream of &quot;%1&quot; before answering (MCP %2 cannot resume it); the request may or may not have been carried out</source>
        <translation>der Server hat den Antwortstrom von „%1“ vor der Antwort geschlossen (MCP %2 kann ihn nicht fortsetzen); die Anfrage wurde vielleicht ausgeführt, vielleicht nicht</translation>
    </message>
</context>
<context>
    <name>Toolgate::StringFieldEditor</name>
    <message>
        <source>e.g. %1</source>
        <translation>z. B. %1</translation>
    </message>
    <message>
        <source>name@example.com</source>
        <translation>name@example.com</translation>
    </message>
    <message>
        <source>https://example.com/…</source>
        <translation>https://example.com/…</translation>
    </message>
    <message>
        <source>YYYY-MM-DD</source>
        <translation>JJJJ-MM-TT</translation>
    </message>
    <message>
        <source>YYYY-MM-DDThh:mm:ssZ</source>
        <translation>JJJJ-MM-TTThh:mm:ssZ</translation>
    </message>
    <message>
        <source>hh:mm:ss</source>
        <translation>hh:mm:ss</translation>
    </message>
    <message>
        <source>xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx</source>
        <translation>xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx</translation>
    </message>
    <message>
        <source>192.0.2.1</source>
        <translation>192.0.2.1</translation>
    </message>
    <message>
        <source>2001:db8::1</source>
        <translation>2001:db8::1</translation>
    </message>
    <message>
        <source>host.example.com</source>
        <translation>host.example.com</translation>
    </message>
    <message>
        <source>P1DT2H (ISO 8601 duration)</source>
        <translation>P1DT2H (Dauer nach ISO 8601)</translation>
    </message>
</context>
<context>
    <name>Toolgate::StructuredContentView</name>
    <message>
        <source>No output schema</source>
        <translation>Kein Ausgabeschema</translation>
    </message>
    <message>
        <source>The tool declares no output schema, so this structured content was not checked.</source>
        <translation>Das Werkzeug gibt kein Ausgabeschema an, daher wurde dieser strukturierte Inhalt nicht geprüft.</translation>
    </message>
    <message>
        <source>Matches the output schema</source>
        <translation>Passt zum Ausgabeschema</translation>
    </message>
    <message>
        <source>Does not match the output schema</source>
        <translation>Passt nicht zum Ausgabeschema</translation>
    </message>
</context>
<context>
    <name>Toolgate::SubscriptionFilter</name>
    <message>
        <source>tool list changes</source>
        <translation>Änderungen der Werkzeugliste</translation>
    </message>
    <message>
        <source>prompt list changes</source>
        <translation>Änderungen der Prompt-Liste</translation>
    </message>
    <message>
        <source>resource list changes</source>
        <translation>Änderungen der Ressourcenliste</translation>
    </message>
    <message>
        <source>updates of %1</source>
        <translation>Aktualisierungen von %1</translation>
    </message>
</context>
<context>
    <name>Toolgate::SuspiciousText</name>
    <message>
        <source>Latin</source>
        <translation>lateinisch</translation>
    </message>
    <message>
        <source>Cyrillic</source>
        <translation>kyrillisch</translation>
    </message>
    <message>
        <source>Greek</source>
        <translation>griechisch</translation>
    </message>
    <message>
        <source>Armenian</source>
        <translation>armenisch</translation>
    </message>
    <message>
        <source>Cherokee</source>
        <translation>Cherokee</translation>
    </message>
    <message>
        <source>another script</source>
        <translation>andere Schrift</translation>
    </message>
    <message>
        <source> (looks like “%1”)</source>
        <translation> (sieht aus wie „%1“)</translation>
    </message>
    <message>
        <source>; they spell %1</source>
        <translation>; sie ergeben %1</translation>
    </message>
    <message>
        <source>mixes in letters that look like others (%1), so it may imitate another name</source>
        <translation>mischt Buchstaben ein, die wie andere aussehen (%1), und kann so einen anderen Namen nachahmen</translation>
    </message>
    <message>
        <source>contains instructions addressed to an AI model rather than to you (%1)</source>
        <translation>enthält Anweisungen, die sich an ein KI-Modell richten statt an Sie (%1)</translation>
    </message>
    <message>
        <source>pushes text out of view with a long run of spaces (%1 in a row)</source>
        <translation>schiebt Text mit vielen Leerzeichen aus dem Blickfeld (%1 hintereinander)</translation>
    </message>
    <message>
        <source>hides text below %1 blank lines</source>
        <translation>versteckt Text unter %1 Leerzeilen</translation>
    </message>
    <message>
        <source>ends in a long run of blanks (%1 characters)</source>
        <translation>endet mit vielen Leerzeichen (%1 Zeichen)</translation>
    </message>
    <message>
        <source>contains a control character that a terminal would act on (%1)</source>
        <translation>enthält ein Steuerzeichen, das ein Terminal ausführen würde (%1)</translation>
    </message>
    <message numerus="yes">
        <source>contains %n control characters that a terminal would act on (%1)</source>
        <translation>
            <numerusform>enthält %n Steuerzeichen, das ein Terminal ausführen würde (%1)</numerusform>
            <numerusform>enthält %n Steuerzeichen, die ein Terminal ausführen würde (%1)</numerusform>
        </translation>
    </message>
    <message>
        <source>contains a bidirectional control character, which makes text read differently from what it is (%1)</source>
        <translation>enthält ein Steuerzeichen für die Schreibrichtung, durch das sich Text anders liest, als er ist (%1)</translation>
    </message>
    <message numerus="yes">
        <source>contains %n bidirectional control characters, which make text read differently from what it is (%1)</source>
        <translation>
            <numerusform>enthält %n Steuerzeichen für die Schreibrichtung, durch das sich Text anders liest, als er ist (%1)</numerusform>
            <numerusform>enthält %n Steuerzeichen für die Schreibrichtung, durch die sich Text anders liest, als er ist (%1)</numerusform>
        </translation>
    </message>
    <message>
        <source>contains an invisible character (%1)</source>
        <translation>enthält ein unsichtbares Zeichen (%1)</translation>
    </message>
    <message numerus="yes">
        <source>contains %n invisible characters (%1)</source>
        <translation>
            <numerusform>enthält %n unsichtbares Zeichen (%1)</numerusform>
            <numerusform>enthält %n unsichtbare Zeichen (%1)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>contains %n invisible tag characters, which can spell out text nobody sees</source>
        <translation>
            <numerusform>enthält %n unsichtbares Tag-Zeichen, das Text bilden kann, den niemand sieht</numerusform>
            <numerusform>enthält %n unsichtbare Tag-Zeichen, die Text bilden können, den niemand sieht</numerusform>
        </translation>
    </message>
    <message>
        <source>contains an HTML comment, hidden wherever the text is shown as a web page but read by an AI model</source>
        <translation>enthält einen HTML-Kommentar, der als Webseite angezeigt unsichtbar ist, aber von einem KI-Modell gelesen wird</translation>
    </message>
    <message numerus="yes">
        <source>contains %n HTML comments, hidden wherever the text is shown as a web page but read by an AI model</source>
        <translation>
            <numerusform>enthält %n HTML-Kommentar, der als Webseite angezeigt unsichtbar ist, aber von einem KI-Modell gelesen wird</numerusform>
            <numerusform>enthält %n HTML-Kommentare, die als Webseite angezeigt unsichtbar sind, aber von einem KI-Modell gelesen werden</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Toolgate::Task</name>
    <message>
        <source>the server described a task in a form Toolgate cannot read: %1</source>
        <translation>der Server hat eine Aufgabe in einer Form beschrieben, die Toolgate nicht lesen kann: %1</translation>
    </message>
    <message>
        <source>working</source>
        <translation>in Arbeit</translation>
    </message>
    <message>
        <source>waiting for input</source>
        <translation>wartet auf Eingabe</translation>
    </message>
    <message>
        <source>completed</source>
        <translation>abgeschlossen</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>fehlgeschlagen</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>abgebrochen</translation>
    </message>
</context>
<context>
    <name>Toolgate::TaskFollower</name>
    <message>
        <source>the server disconnected while task %1 was %2; whether it finished there is not known</source>
        <translation>der Server hat die Verbindung getrennt, während Aufgabe %1 %2 war; ob sie dort fertig wurde, ist nicht bekannt</translation>
    </message>
    <message>
        <source>the server disconnected before task %1 could be followed</source>
        <translation>der Server hat die Verbindung getrennt, bevor Aufgabe %1 verfolgt werden konnte</translation>
    </message>
    <message>
        <source>the server disconnected while task %1 was running</source>
        <translation>der Server hat die Verbindung getrennt, während Aufgabe %1 lief</translation>
    </message>
    <message>
        <source>the server no longer knows task %1 (%2); its result is lost</source>
        <translation>der Server kennt Aufgabe %1 nicht mehr (%2); ihr Ergebnis ist verloren</translation>
    </message>
    <message>
        <source>Toolgate could not learn the state of task %1 (%2 attempts failed, the last: %3)</source>
        <translation>Toolgate konnte den Stand von Aufgabe %1 nicht erfahren (%2 Versuche fehlgeschlagen, zuletzt: %3)</translation>
    </message>
    <message>
        <source>the task was cancelled (%1)</source>
        <translation>die Aufgabe wurde abgebrochen (%1)</translation>
    </message>
    <message>
        <source>the server cancelled the task</source>
        <translation>der Server hat die Aufgabe abgebrochen</translation>
    </message>
    <message>
        <source>the server cancelled the task: %1</source>
        <translation>der Server hat die Aufgabe abgebrochen: %1</translation>
    </message>
    <message>
        <source>the server says task %1 completed but sent no result</source>
        <translation>der Server meldet Aufgabe %1 als abgeschlossen, schickte aber kein Ergebnis</translation>
    </message>
    <message>
        <source>task %1 failed: %2</source>
        <translation>Aufgabe %1 ist fehlgeschlagen: %2</translation>
    </message>
    <message>
        <source>the server asked for input to finish task %1 (%2), and it was not given: %3</source>
        <translation>der Server bat um Eingaben, um Aufgabe %1 abzuschließen (%2), und sie wurden nicht gegeben: %3</translation>
    </message>
    <message>
        <source>Toolgate could not give task %1 the answers it asked for: %2</source>
        <translation>Toolgate konnte Aufgabe %1 die erbetenen Antworten nicht geben: %2</translation>
    </message>
    <message>
        <source>cancelled by the user</source>
        <translation>vom Benutzer abgebrochen</translation>
    </message>
    <message>
        <source>Toolgate stopped following task %1; the server did not confirm the cancellation: %2</source>
        <translation>Toolgate verfolgt Aufgabe %1 nicht mehr; der Server hat den Abbruch nicht bestätigt: %2</translation>
    </message>
    <message>
        <source>the server says task %1 is %2 but did not hand over its result within %3 s</source>
        <translation>der Server meldet Aufgabe %1 als %2, hat ihr Ergebnis aber nicht innerhalb von %3 s übergeben</translation>
    </message>
    <message>
        <source>the server gave Toolgate %1 of state to send back with every look at task %2, more than the %3 it may have; Toolgate stopped following the task and cancelled it</source>
        <translation>der Server gab Toolgate %1 an Zustand, der bei jedem Blick auf Aufgabe %2 zurückzusenden ist, mehr als die erlaubten %3; Toolgate verfolgt die Aufgabe nicht mehr und hat sie abgebrochen</translation>
    </message>
    <message>
        <source>the server kept asking for input to finish task %1 (%2 rounds); Toolgate stopped answering it and cancelled the task</source>
        <translation>der Server bat immer wieder um Eingaben, um Aufgabe %1 abzuschließen (%2 Runden); Toolgate antwortet ihm nicht mehr und hat die Aufgabe abgebrochen</translation>
    </message>
</context>
<context>
    <name>Toolgate::TaskRegistry</name>
    <message>
        <source>cancelled from the Tasks view</source>
        <translation>in der Aufgabenansicht abgebrochen</translation>
    </message>
</context>
<context>
    <name>Toolgate::TaskResultDialog</name>
    <message>
        <source>Task Result — %1</source>
        <translation>Ergebnis der Aufgabe — %1</translation>
    </message>
    <message>
        <source> · started %1</source>
        <translation> · gestartet %1</translation>
    </message>
    <message>
        <source> · took %1</source>
        <translation> · dauerte %1</translation>
    </message>
    <message>
        <source>%1 on %2 · %3</source>
        <translation>%1 auf %2 · %3</translation>
    </message>
    <message>
        <source>Task id: %1</source>
        <translation>Aufgaben-ID: %1</translation>
    </message>
</context>
<context>
    <name>Toolgate::TasksModel</name>
    <message>
        <source>completed, the tool reported an error</source>
        <translation>abgeschlossen, das Werkzeug meldete einen Fehler</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>on %1</source>
        <translation>auf %1</translation>
    </message>
    <message>
        <source>Tool</source>
        <translation>Werkzeug</translation>
    </message>
    <message>
        <source>Task</source>
        <translation>Aufgabe</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>Meldung</translation>
    </message>
    <message>
        <source>Started</source>
        <translation>Gestartet</translation>
    </message>
    <message>
        <source>Duration</source>
        <translation>Dauer</translation>
    </message>
    <message>
        <source>Task id: %1</source>
        <translation>Aufgaben-ID: %1</translation>
    </message>
</context>
<context>
    <name>Toolgate::TasksView</name>
    <message>
        <source>All servers</source>
        <translation>Alle Server</translation>
    </message>
    <message>
        <source>List the tasks of every server, not only of the one selected</source>
        <translation>Die Aufgaben aller Server anzeigen, nicht nur die des ausgewählten</translation>
    </message>
    <message>
        <source>Cancel Task</source>
        <translation>Aufgabe abbrechen</translation>
    </message>
    <message>
        <source>Ask the server to cancel the selected task</source>
        <translation>Den Server bitten, die ausgewählte Aufgabe abzubrechen</translation>
    </message>
    <message>
        <source>Open Result</source>
        <translation>Ergebnis öffnen</translation>
    </message>
    <message>
        <source>Show how the selected task ended, with its result</source>
        <translation>Zeigen, wie die ausgewählte Aufgabe endete, mit ihrem Ergebnis</translation>
    </message>
    <message>
        <source>Forget</source>
        <translation>Vergessen</translation>
    </message>
    <message>
        <source>Remove the selected finished task from this list (the audit log keeps it)</source>
        <translation>Die ausgewählte beendete Aufgabe aus dieser Liste entfernen (das Protokoll behält sie)</translation>
    </message>
    <message>
        <source>Clear Finished</source>
        <translation>Beendete entfernen</translation>
    </message>
    <message>
        <source>Remove every finished task listed here (the audit log keeps them)</source>
        <translation>Alle hier aufgeführten beendeten Aufgaben entfernen (das Protokoll behält sie)</translation>
    </message>
    <message>
        <source>Tasks</source>
        <translation>Aufgaben</translation>
    </message>
    <message>
        <source>Tasks of every server</source>
        <translation>Aufgaben aller Server</translation>
    </message>
    <message>
        <source>Tasks of %1</source>
        <translation>Aufgaben von %1</translation>
    </message>
    <message>
        <source>%1: %2 running, %3 finished</source>
        <translation>%1: %2 laufen, %3 beendet</translation>
    </message>
    <message>
        <source>No tasks yet.
Tools that run as tasks are listed here while they run and after they finish.</source>
        <translation>Noch keine Aufgaben.
Werkzeuge, die als Aufgabe laufen, stehen hier, solange sie laufen und nachdem sie fertig sind.</translation>
    </message>
    <message>
        <source>No tasks on %1 yet.
Tools that run as tasks are listed here while they run and after they finish.</source>
        <translation>Noch keine Aufgaben auf %1.
Werkzeuge, die als Aufgabe laufen, stehen hier, solange sie laufen und nachdem sie fertig sind.</translation>
    </message>
    <message>
        <source>Asked the server to cancel the task.</source>
        <translation>Der Server wurde gebeten, die Aufgabe abzubrechen.</translation>
    </message>
    <message>
        <source>The task has already ended; there is nothing to cancel.</source>
        <translation>Die Aufgabe ist schon beendet; es gibt nichts abzubrechen.</translation>
    </message>
    <message>
        <source>The task has not ended yet; its result is shown once it has.</source>
        <translation>Die Aufgabe ist noch nicht beendet; ihr Ergebnis wird gezeigt, sobald sie es ist.</translation>
    </message>
</context>
<context>
    <name>Toolgate::TextPane</name>
    <message>
        <source>Plain</source>
        <translation>Klartext</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>Kopieren</translation>
    </message>
    <message>
        <source>Copy the whole text</source>
        <translation>Den gesamten Text kopieren</translation>
    </message>
    <message>
        <source>Render as Markdown</source>
        <translation>Als Markdown darstellen</translation>
    </message>
    <message>
        <source>Too large to render as Markdown (limit %1)</source>
        <translation>Zu groß für die Darstellung als Markdown (Grenze %1)</translation>
    </message>
</context>
<context>
    <name>Toolgate::ToolCall</name>
    <message>
        <source>the tool&apos;s output schema cannot be used: %1</source>
        <translation>das Ausgabeschema des Werkzeugs ist nicht verwendbar: %1</translation>
    </message>
    <message>
        <source>the tool&apos;s input schema cannot be used: %1</source>
        <translation>das Eingabeschema des Werkzeugs ist nicht verwendbar: %1</translation>
    </message>
    <message>
        <source>the server &quot;%1&quot; is not connected</source>
        <translation>der Server &quot;%1&quot; ist nicht verbunden</translation>
    </message>
    <message>
        <source>the server &quot;%1&quot; has no tool named &quot;%2&quot;. Its tools: %3</source>
        <translation>der Server &quot;%1&quot; hat kein Werkzeug namens &quot;%2&quot;. Seine Werkzeuge: %3</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>(keine)</translation>
    </message>
    <message>
        <source>the arguments do not match the tool&apos;s input schema:
%1</source>
        <translation>die Argumente passen nicht zum Eingabeschema des Werkzeugs:
%1</translation>
    </message>
    <message>
        <source>The user denied this call to %1.</source>
        <translation>Der Benutzer hat diesen Aufruf von %1 abgelehnt.</translation>
    </message>
    <message>
        <source>The user denied this call to %1: %2</source>
        <translation>Der Benutzer hat diesen Aufruf von %1 abgelehnt: %2</translation>
    </message>
    <message>
        <source>the call was not sent because the audit log could not record it: %1</source>
        <translation>der Aufruf wurde nicht gesendet, weil das Audit-Protokoll ihn nicht festhalten konnte: %1</translation>
    </message>
    <message>
        <source>the server &quot;%1&quot; disconnected before the call could be sent</source>
        <translation>der Server &quot;%1&quot; hat die Verbindung getrennt, bevor der Aufruf gesendet werden konnte</translation>
    </message>
    <message>
        <source>the tool declares an output schema but returned no structuredContent</source>
        <translation>das Werkzeug gibt ein Ausgabeschema an, hat aber kein structuredContent zurückgegeben</translation>
    </message>
    <message>
        <source>Toolgate&apos;s rule &quot;%1&quot; denied this call to %2: %3</source>
        <translation>Die Toolgate-Regel &quot;%1&quot; hat diesen Aufruf von %2 abgelehnt: %3</translation>
    </message>
    <message>
        <source>no reason given</source>
        <translation>kein Grund angegeben</translation>
    </message>
    <message>
        <source>The run &quot;%1&quot; was not approved.</source>
        <translation>Der Lauf „%1“ wurde nicht erlaubt.</translation>
    </message>
    <message>
        <source>The run &quot;%1&quot; was not approved: %2</source>
        <translation>Der Lauf „%1“ wurde nicht erlaubt: %2</translation>
    </message>
    <message>
        <source>the server &quot;%1&quot; lists %2 different tools named &quot;%3&quot;; which one it would run cannot be known, so Toolgate does not call it</source>
        <translation>der Server „%1“ listet %2 verschiedene Werkzeuge namens „%3“; welches er ausführen würde, lässt sich nicht wissen, daher ruft Toolgate es nicht auf</translation>
    </message>
</context>
<context>
    <name>Toolgate::ToolCallCard</name>
    <message>
        <source>Tool call: %1</source>
        <translation>Werkzeugaufruf: %1</translation>
    </message>
    <message>
        <source>Tool call: %1 on server %2</source>
        <translation>Werkzeugaufruf: %1 auf Server %2</translation>
    </message>
    <message>
        <source>Waiting its turn: the model&apos;s calls are decided one after another</source>
        <translation>Wartet, bis er an der Reihe ist: Über die Aufrufe des Modells wird nacheinander entschieden</translation>
    </message>
    <message>
        <source>Checking the arguments…</source>
        <translation>Die Argumente werden geprüft …</translation>
    </message>
    <message>
        <source>Waiting for your approval</source>
        <translation>Wartet auf Ihre Zustimmung</translation>
    </message>
    <message>
        <source>Running on the server…</source>
        <translation>Läuft auf dem Server …</translation>
    </message>
    <message>
        <source>Denied by a rule; the model was told</source>
        <translation>Von einer Regel abgelehnt; das Modell wurde informiert</translation>
    </message>
    <message>
        <source>Denied by you; the model was told</source>
        <translation>Von Ihnen abgelehnt; das Modell wurde informiert</translation>
    </message>
    <message>
        <source>Denied by a rule: %1</source>
        <translation>Von einer Regel abgelehnt: %1</translation>
    </message>
    <message>
        <source>Denied by you: %1</source>
        <translation>Von Ihnen abgelehnt: %1</translation>
    </message>
    <message>
        <source>Not run: %1</source>
        <translation>Nicht ausgeführt: %1</translation>
    </message>
    <message>
        <source>Not run: this tool is not exposed in this conversation</source>
        <translation>Nicht ausgeführt: Dieses Werkzeug ist in dieser Unterhaltung nicht freigegeben</translation>
    </message>
    <message>
        <source>Not run: the arguments do not fit the tool&apos;s input schema</source>
        <translation>Nicht ausgeführt: Die Argumente passen nicht zum Eingabeschema des Werkzeugs</translation>
    </message>
    <message>
        <source>Failed: %1</source>
        <translation>Fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>Cancelled: it did not run to its end</source>
        <translation>Abgebrochen: Der Aufruf lief nicht bis zum Ende</translation>
    </message>
    <message>
        <source>Ran; its result went to the model:</source>
        <translation>Ausgeführt; das Ergebnis ging an das Modell:</translation>
    </message>
    <message>
        <source>Ran, and the tool reported an error; it went to the model:</source>
        <translation>Ausgeführt, und das Werkzeug meldete einen Fehler; er ging an das Modell:</translation>
    </message>
    <message>
        <source>Arguments</source>
        <translation>Argumente</translation>
    </message>
</context>
<context>
    <name>Toolgate::ToolCallOutcome</name>
    <message>
        <source>pending</source>
        <translation>ausstehend</translation>
    </message>
    <message>
        <source>succeeded</source>
        <translation>erfolgreich</translation>
    </message>
    <message>
        <source>tool error</source>
        <translation>Werkzeugfehler</translation>
    </message>
    <message>
        <source>denied</source>
        <translation>abgelehnt</translation>
    </message>
    <message>
        <source>invalid arguments</source>
        <translation>ungültige Argumente</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>fehlgeschlagen</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>abgebrochen</translation>
    </message>
</context>
<context>
    <name>Toolgate::ToolPanel</name>
    <message>
        <source>Finished in %1</source>
        <translation>Fertig nach %1</translation>
    </message>
    <message>
        <source>The tool reported an error (after %1)</source>
        <translation>Das Werkzeug hat einen Fehler gemeldet (nach %1)</translation>
    </message>
    <message>
        <source>Denied — nothing was sent</source>
        <translation>Abgelehnt — nichts wurde gesendet</translation>
    </message>
    <message>
        <source>Not sent: the arguments are invalid</source>
        <translation>Nicht gesendet: Die Argumente sind ungültig</translation>
    </message>
    <message>
        <source>Failed: %1</source>
        <translation>Fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>Cancelled</source>
        <translation>Abgebrochen</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Ausführen</translation>
    </message>
    <message>
        <source>Enter in a one-line field runs the tool too.</source>
        <translation>Die Eingabetaste in einem einzeiligen Feld führt das Werkzeug ebenfalls aus.</translation>
    </message>
    <message>
        <source>Run the tool with these arguments (Ctrl+Enter). You confirm before anything is sent.</source>
        <translation>Das Werkzeug mit diesen Argumenten ausführen (Strg+Eingabe). Sie bestätigen, bevor etwas gesendet wird.</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Ask the server to stop this call</source>
        <translation>Den Server bitten, diesen Aufruf abzubrechen</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>Ergebnis</translation>
    </message>
    <message>
        <source>Run Again</source>
        <translation>Erneut ausführen</translation>
    </message>
    <message>
        <source>Send the same arguments again. You confirm before anything is sent.</source>
        <translation>Dieselben Argumente erneut senden. Sie bestätigen, bevor etwas gesendet wird.</translation>
    </message>
    <message>
        <source>Opened %1</source>
        <translation>%1 geöffnet</translation>
    </message>
    <message>
        <source>The server claims: %1. Toolgate does not rely on this.</source>
        <translation>Der Server behauptet: %1. Toolgate verlässt sich nicht darauf.</translation>
    </message>
    <message>
        <source>Results come with an app view (%1).</source>
        <translation>Ergebnisse kommen mit einer App-Ansicht (%1).</translation>
    </message>
    <message>
        <source>%1 reports that the step in the browser is complete. Run the call again to continue.</source>
        <translation>%1 meldet, dass der Schritt im Browser abgeschlossen ist. Führen Sie den Aufruf erneut aus, um fortzufahren.</translation>
    </message>
    <message>
        <source>%1 needs you to finish a step in your browser before this call can run; the link is in the window it opened. When you have finished there, run the call again.</source>
        <translation>%1 braucht Sie, um einen Schritt in Ihrem Browser abzuschließen, bevor dieser Aufruf laufen kann; der Link steht in dem Fenster, das sich geöffnet hat. Wenn Sie dort fertig sind, führen Sie den Aufruf erneut aus.</translation>
    </message>
    <message>
        <source>The server is not connected.</source>
        <translation>Der Server ist nicht verbunden.</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>Waiting for your approval…</source>
        <translation>Warte auf Ihre Freigabe…</translation>
    </message>
    <message>
        <source>%1% · %2</source>
        <translation>%1 % · %2</translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <source>Running… %1</source>
        <translation>Läuft… %1</translation>
    </message>
    <message>
        <source>%1 on %2: %3</source>
        <translation>%1 auf %2: %3</translation>
    </message>
    <message>
        <source>Run as a task</source>
        <translation>Als Aufgabe ausführen</translation>
    </message>
    <message>
        <source>Ask the server to run the call as a task: it keeps running in the background, and you can follow it, cancel it and open its result under Tasks.</source>
        <translation>Den Server bitten, den Aufruf als Aufgabe auszuführen: Er läuft im Hintergrund weiter, und Sie können ihn unter „Aufgaben“ verfolgen, abbrechen und sein Ergebnis öffnen.</translation>
    </message>
    <message>
        <source>This tool always runs as a task: it keeps running in the background, and you can follow it, cancel it and open its result under Tasks.</source>
        <translation>Dieses Werkzeug läuft immer als Aufgabe: Es läuft im Hintergrund weiter, und Sie können es unter „Aufgaben“ verfolgen, abbrechen und sein Ergebnis öffnen.</translation>
    </message>
    <message>
        <source>Ask the server to cancel this task</source>
        <translation>Den Server bitten, diese Aufgabe abzubrechen</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <source>%1 · %2%</source>
        <translation>%1 · %2 %</translation>
    </message>
    <message>
        <source>Always runs as a task</source>
        <translation>Läuft immer als Aufgabe</translation>
    </message>
    <message>
        <source>Save…</source>
        <translation>Speichern…</translation>
    </message>
    <message>
        <source>Save this call, with what its result must show, to a collection</source>
        <translation>Diesen Aufruf mit dem, was sein Ergebnis zeigen muss, in einer Sammlung speichern</translation>
    </message>
    <message>
        <source>Connections: %1</source>
        <translation>Verbindungen: %1</translation>
    </message>
    <message>
        <source>Running as a task: %1</source>
        <translation>Läuft als Aufgabe: %1</translation>
    </message>
    <message>
        <source>Task id: %1</source>
        <translation>Aufgaben-ID: %1</translation>
    </message>
    <message>
        <source>Drag to give the form or the result more room; remembered for this tool. Double-click to fit it to the form again.</source>
        <translation>Ziehen, um dem Formular oder dem Ergebnis mehr Platz zu geben; wird für dieses Werkzeug gemerkt. Doppelklick passt die Aufteilung wieder an das Formular an.</translation>
    </message>
</context>
<context>
    <name>Toolgate::ToolTreeModel</name>
    <message>
        <source>No tools</source>
        <translation>Keine Werkzeuge</translation>
    </message>
    <message>
        <source>1 tool</source>
        <translation>1 Werkzeug</translation>
    </message>
    <message>
        <source>%1 tools</source>
        <translation>%1 Werkzeuge</translation>
    </message>
    <message>
        <source>Tool</source>
        <translation>Werkzeug</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Description</source>
        <translation>Beschreibung</translation>
    </message>
    <message>
        <source>read-only</source>
        <translation>nur lesend</translation>
    </message>
    <message>
        <source>may modify its environment</source>
        <translation>kann seine Umgebung verändern</translation>
    </message>
    <message>
        <source>may be destructive</source>
        <translation>kann zerstörerisch sein</translation>
    </message>
    <message>
        <source>not destructive</source>
        <translation>nicht zerstörerisch</translation>
    </message>
    <message>
        <source>safe to repeat</source>
        <translation>Wiederholen unbedenklich</translation>
    </message>
    <message>
        <source>reaches the outside world</source>
        <translation>erreicht die Außenwelt</translation>
    </message>
    <message>
        <source>stays within its own system</source>
        <translation>bleibt in seinem eigenen System</translation>
    </message>
    <message>
        <source>The server claims: %1</source>
        <translation>Der Server behauptet: %1</translation>
    </message>
    <message>
        <source>Its results come with an app view: %1</source>
        <translation>Seine Ergebnisse kommen mit einer App-Ansicht: %1</translation>
    </message>
    <message>
        <source>%1 — changed since you approved it</source>
        <translation>%1 — geändert, seit Sie es erlaubt haben</translation>
    </message>
    <message>
        <source>The next call asks you again and shows what changed.</source>
        <translation>Der nächste Aufruf fragt Sie erneut und zeigt, was sich geändert hat.</translation>
    </message>
    <message>
        <source>Another server offers a tool of the same name: %1</source>
        <translation>Ein anderer Server bietet ein Werkzeug mit demselben Namen an: %1</translation>
    </message>
</context>
<context>
    <name>Toolgate::TranscriptView</name>
    <message>
        <source>Write a message below. The model may call the tools exposed above; you decide each call.</source>
        <translation>Schreiben Sie unten eine Nachricht. Das Modell darf die oben freigegebenen Werkzeuge aufrufen; über jeden Aufruf entscheiden Sie.</translation>
    </message>
    <message>
        <source>You</source>
        <translation>Sie</translation>
    </message>
    <message>
        <source>Conversation</source>
        <translation>Unterhaltung</translation>
    </message>
    <message>
        <source>The model&apos;s answer</source>
        <translation>Die Antwort des Modells</translation>
    </message>
    <message>
        <source>[the reply went on; the rest is not kept]</source>
        <translation>[die Antwort ging weiter; der Rest wird nicht aufbewahrt]</translation>
    </message>
    <message numerus="yes">
        <source>[… %n characters so far: the whole reply is shown once it ends]</source>
        <translation>
            <numerusform>[… bisher %n Zeichen: die ganze Antwort erscheint, sobald sie endet]</numerusform>
            <numerusform>[… bisher %n Zeichen: die ganze Antwort erscheint, sobald sie endet]</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Toolgate::TransportFactory</name>
    <message>
        <source>the server &quot;%1&quot; has no URL; add its &quot;url&quot; to the configuration</source>
        <translation>der Server &quot;%1&quot; hat keine URL; ergänzen Sie seine &quot;url&quot; in der Konfiguration</translation>
    </message>
    <message>
        <source>the URL of &quot;%1&quot; (%2) is not usable: it must start with http:// or https:// and name a host</source>
        <translation>die URL von &quot;%1&quot; (%2) ist nicht verwendbar: Sie muss mit http:// oder https:// beginnen und einen Host nennen</translation>
    </message>
</context>
<context>
    <name>Toolgate::ViewerFormat</name>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>1 byte</source>
        <translation>1 Byte</translation>
    </message>
    <message>
        <source>%1 bytes</source>
        <translation>%1 Byte</translation>
    </message>
</context>
<context>
    <name>Toolgate::WavInfo</name>
    <message>
        <source>not a RIFF/WAVE file</source>
        <translation>keine RIFF/WAVE-Datei</translation>
    </message>
    <message>
        <source>truncated format chunk</source>
        <translation>abgeschnittener Format-Block</translation>
    </message>
    <message>
        <source>data before format chunk</source>
        <translation>Daten vor dem Format-Block</translation>
    </message>
    <message>
        <source>no format chunk</source>
        <translation>kein Format-Block</translation>
    </message>
    <message>
        <source>invalid format chunk</source>
        <translation>ungültiger Format-Block</translation>
    </message>
    <message>
        <source>IEEE float</source>
        <translation>IEEE-Gleitkomma</translation>
    </message>
    <message>
        <source>format 0x%1</source>
        <translation>Format 0x%1</translation>
    </message>
    <message>
        <source>%1-bit %2</source>
        <translation>%1 Bit %2</translation>
    </message>
</context>
<context>
    <name>Toolgate::Workspace</name>
    <message>
        <source>Could not create the configuration folder %1.</source>
        <translation>Der Konfigurationsordner %1 konnte nicht angelegt werden.</translation>
    </message>
    <message>
        <source>server</source>
        <translation>Server</translation>
    </message>
    <message>
        <source>%1 could not be read, so it is left untouched: %2</source>
        <translation>%1 konnte nicht gelesen werden und bleibt daher unverändert: %2</translation>
    </message>
    <message>
        <source>The server needs a name.</source>
        <translation>Der Server braucht einen Namen.</translation>
    </message>
    <message>
        <source>The name must not start or end with spaces.</source>
        <translation>Der Name darf nicht mit Leerzeichen beginnen oder enden.</translation>
    </message>
    <message>
        <source>There is already a server called &quot;%1&quot;.</source>
        <translation>Es gibt bereits einen Server „%1“.</translation>
    </message>
    <message>
        <source>A local (stdio) server needs a command to run.</source>
        <translation>Ein lokaler (stdio-)Server braucht einen Befehl zum Ausführen.</translation>
    </message>
    <message>
        <source>A remote server needs a URL.</source>
        <translation>Ein entfernter Server braucht eine URL.</translation>
    </message>
    <message>
        <source>The URL must be an http:// or https:// address.</source>
        <translation>Die URL muss eine http://- oder https://-Adresse sein.</translation>
    </message>
    <message>
        <source>A server needs a name.</source>
        <translation>Ein Server braucht einen Namen.</translation>
    </message>
    <message>
        <source>There is no server called &quot;%1&quot;.</source>
        <translation>Es gibt keinen Server „%1“.</translation>
    </message>
</context>
<context>
    <name>Toolgate::WorkspaceSecrets</name>
    <message>
        <source>%1 holds only the keychain placeholder, and no value is kept for it under this name. Enter the real value.</source>
        <translation>%1 enthält nur den Platzhalter für den Schlüsselbund, und unter diesem Namen ist kein Wert gespeichert. Geben Sie den echten Wert ein.</translation>
    </message>
    <message>
        <source>read %1 to write it into the servers file</source>
        <translation>%1 lesen, um es in die Serverdatei zu schreiben</translation>
    </message>
    <message>
        <source>read %1 of &quot;%2&quot;</source>
        <translation>%1 von „%2“ lesen</translation>
    </message>
    <message>
        <source>no value is stored for it, so it stays marked secret; enter the value</source>
        <translation>dafür ist kein Wert gespeichert, daher bleibt es als geheim markiert; geben Sie den Wert ein</translation>
    </message>
    <message>
        <source>Could not write %1 of &quot;%2&quot; into %3: %4. It is still kept in %5; save the server again to retry.</source>
        <translation>%1 von „%2“ konnte nicht in %3 geschrieben werden: %4. Es wird weiterhin in %5 aufbewahrt; speichern Sie den Server erneut, um es noch einmal zu versuchen.</translation>
    </message>
    <message>
        <source>There is no keychain to move the secret values to.</source>
        <translation>Es gibt keinen Schlüsselbund, in den die geheimen Werte verschoben werden könnten.</translation>
    </message>
    <message>
        <source>Secret values are still being saved (%1). Try again in a moment.</source>
        <translation>Geheime Werte werden noch gespeichert (%1). Versuchen Sie es gleich noch einmal.</translation>
    </message>
    <message>
        <source>save %1</source>
        <translation>%1 speichern</translation>
    </message>
    <message>
        <source>save the secret %1</source>
        <translation>das Geheimnis %1 speichern</translation>
    </message>
    <message>
        <source>delete %1</source>
        <translation>%1 löschen</translation>
    </message>
    <message>
        <source>delete the secret %1</source>
        <translation>das Geheimnis %1 löschen</translation>
    </message>
    <message>
        <source>move %1 to %2</source>
        <translation>%1 nach %2 verschieben</translation>
    </message>
    <message>
        <source>move the secret %1 to %2</source>
        <translation>das Geheimnis %1 nach %2 verschieben</translation>
    </message>
    <message>
        <source>Could not %1 in %2: %3. Edit the server and save it again to retry.</source>
        <translation>Konnte in %2 nicht %1: %3. Bearbeiten Sie den Server und speichern Sie ihn erneut, um es noch einmal zu versuchen.</translation>
    </message>
    <message>
        <source>There is no keychain on this computer: secret values are written in servers.json in plain text, as you chose. Anyone who can read that file can read them.</source>
        <translation>Auf diesem Computer gibt es keinen Schlüsselbund: Geheime Werte stehen, wie Sie es gewählt haben, im Klartext in servers.json. Wer diese Datei lesen kann, kann sie lesen.</translation>
    </message>
    <message>
        <source>There is no keychain on this computer: secret values are not stored. Toolgate keeps them until it quits and asks for them again when the server next starts.</source>
        <translation>Auf diesem Computer gibt es keinen Schlüsselbund: Geheime Werte werden nicht gespeichert. Toolgate behält sie, bis es beendet wird, und fragt beim nächsten Start des Servers erneut danach.</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>A desktop host for the Model Context Protocol: connect MCP servers and run their tools with your approval.</source>
        <translation>Ein Desktop-Host für das Model Context Protocol: MCP-Server verbinden und ihre Werkzeuge mit Ihrer Freigabe ausführen.</translation>
    </message>
    <message>
        <source>Use this servers file instead of the default one.</source>
        <translation>Diese Serverdatei statt der Standarddatei verwenden.</translation>
    </message>
    <message>
        <source>Once the tools are listed, save the window as &lt;dir&gt;/main-window.png and quit.</source>
        <translation>Sobald die Werkzeuge aufgelistet sind, das Fenster als &lt;Ordner&gt;/main-window.png speichern und beenden.</translation>
    </message>
    <message>
        <source>Select this tool at start, e.g. demo/echo.</source>
        <translation>Dieses Werkzeug beim Start auswählen, z. B. demo/echo.</translation>
    </message>
    <message>
        <source>Once the servers have listed their tools, print them as server/tool lines and quit.</source>
        <translation>Sobald die Server ihre Werkzeuge aufgelistet haben, diese als Zeilen server/tool ausgeben und beenden.</translation>
    </message>
    <message>
        <source>Run this tool (approval as always) and quit once its app view is ready, e.g. vanilla/get-time.</source>
        <translation>Dieses Werkzeug ausführen (mit Freigabe wie immer) und beenden, sobald seine App-Ansicht bereit ist, z. B. vanilla/get-time.</translation>
    </message>
    <message>
        <source>R&amp;oots…</source>
        <translation>&amp;Stammordner…</translation>
    </message>
    <message>
        <source>file</source>
        <translation>Datei</translation>
    </message>
    <message>
        <source>dir</source>
        <translation>Ordner</translation>
    </message>
    <message>
        <source>server/tool</source>
        <translation>Server/Werkzeug</translation>
    </message>
</context>
</TS>

#include "app/demo-server/democontent.h"

#include "app/demo-server/demomedia.h"

#include <QCoreApplication>
#include <QStringList>

using namespace Qt::StringLiterals;

namespace Toolgate::DemoContent {

QString readme()
{
    // In the person's language, like the rest of what the demo says (#34 item 6).
    return QCoreApplication::translate("DemoResources", R"md(# Toolgate demo server

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
   It works in both eras of MCP: a request of the server's own (2025-11-25 and earlier), or an
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
)md");
}

QByteArray configJson()
{
    return R"json({
  "name": "Toolgate demo",
  "version": 3,
  "features": ["tools", "resources", "prompts", "completions", "logging"],
  "limits": {"maxItems": 100, "timeoutSeconds": 30},
  "beta": false
}
)json";
}

QString cppSnippet()
{
    return uR"cpp(#include <iostream>

// A tiny program, served as an embedded resource with the mime type text/x-c++src.
int main()
{
    std::cout << "Hello from the Toolgate demo server!\n";
    return 0;
}
)cpp"_s;
}

QByteArray sampleBlob()
{
    // A made-up file format: an 8-byte magic, then 56 bytes counting up from 0x80. Those are
    // invalid UTF-8 on purpose, so a client has to treat the resource as a blob.
    QByteArray blob("TGDEMO\x00\x01", 8);
    for (int i = 0; i < 56; ++i)
        blob.append(char(0x80 + i));
    return blob;
}

QByteArray logoPng()
{
    static const QByteArray png = DemoMedia::patternPng(u"blue"_s);
    return png;
}

QStringList greetingNames()
{
    return {u"Ada"_s, u"Alan"_s, u"Alice"_s, u"Bob"_s, u"Carol"_s, u"Dave"_s, u"Grace"_s, u"Linus"_s, u"World"_s};
}

QStringList programmingLanguages()
{
    return {u"c"_s, u"cpp"_s, u"csharp"_s, u"go"_s, u"java"_s, u"javascript"_s, u"kotlin"_s,
            u"python"_s, u"ruby"_s, u"rust"_s, u"swift"_s, u"typescript"_s};
}

QStringList summaryStyles()
{
    return {u"brief"_s, u"detailed"_s, u"bullet-points"_s};
}

} // namespace Toolgate::DemoContent

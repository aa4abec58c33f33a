#include "ui/highlight/highlighttheme.h"

#include <QFont>

namespace Toolgate {

namespace {

QColor mix(const QColor &a, const QColor &b, qreal amountOfB)
{
    const qreal k = 1.0 - amountOfB;
    return QColor::fromRgbF(float(a.redF() * k + b.redF() * amountOfB),
                            float(a.greenF() * k + b.greenF() * amountOfB),
                            float(a.blueF() * k + b.blueF() * amountOfB));
}

struct Colours
{
    QColor keyword, type, builtin, function, string, number, constant, key, tag, attribute,
        preprocessor, variable, heading, link;
};

// Hand-picked sets with at least 4.5:1 contrast against white resp. a #1e1e1e-ish background.
// Colour alone never carries meaning here, so the exact hues are a matter of taste.
const Colours &lightColours()
{
    static const Colours c{
        QColor(0x00, 0x33, 0xb3), // keyword
        QColor(0x00, 0x62, 0x7a), // type
        QColor(0x7a, 0x3e, 0x9d), // builtin
        QColor(0x00, 0x62, 0x7a), // function
        QColor(0x06, 0x7d, 0x17), // string
        QColor(0x17, 0x50, 0xeb), // number
        QColor(0x9e, 0x3d, 0x00), // constant
        QColor(0x87, 0x10, 0x94), // key
        QColor(0x00, 0x33, 0xb3), // tag
        QColor(0x17, 0x4a, 0xd4), // attribute
        QColor(0x80, 0x60, 0x00), // preprocessor
        QColor(0xa0, 0x30, 0x00), // variable
        QColor(0x00, 0x33, 0xb3), // heading
        QColor(0x00, 0x5c, 0xc5), // link
    };
    return c;
}

const Colours &darkColours()
{
    static const Colours c{
        QColor(0xc6, 0x78, 0xdd), // keyword
        QColor(0xe5, 0xc0, 0x7b), // type
        QColor(0x56, 0xb6, 0xc2), // builtin
        QColor(0x61, 0xaf, 0xef), // function
        QColor(0x98, 0xc3, 0x79), // string
        QColor(0xd1, 0x9a, 0x66), // number
        QColor(0xd1, 0x9a, 0x66), // constant
        QColor(0xe0, 0x6c, 0x75), // key
        QColor(0xe0, 0x6c, 0x75), // tag
        QColor(0xd1, 0x9a, 0x66), // attribute
        QColor(0xc6, 0x78, 0xdd), // preprocessor
        QColor(0xe0, 0x6c, 0x75), // variable
        QColor(0x61, 0xaf, 0xef), // heading
        QColor(0x61, 0xaf, 0xef), // link
    };
    return c;
}

QTextCharFormat coloured(const QColor &colour)
{
    QTextCharFormat f;
    f.setForeground(colour);
    return f;
}

} // namespace

HighlightTheme HighlightTheme::fromPalette(const QPalette &palette)
{
    HighlightTheme theme;
    const QColor base = palette.color(QPalette::Active, QPalette::Base);
    const QColor text = palette.color(QPalette::Active, QPalette::Text);
    // Judge by the background actually painted under the text, not by the window colour.
    theme.m_dark = base.lightnessF() < text.lightnessF();
    const Colours &c = theme.m_dark ? darkColours() : lightColours();

    auto set = [&theme](HighlightStyle style, QTextCharFormat format) {
        theme.m_formats[std::size_t(style)] = std::move(format);
    };

    QTextCharFormat keyword = coloured(c.keyword);
    keyword.setFontWeight(QFont::DemiBold);
    set(HighlightStyle::Keyword, keyword);
    set(HighlightStyle::Type, coloured(c.type));
    set(HighlightStyle::Builtin, coloured(c.builtin));
    set(HighlightStyle::Function, coloured(c.function));
    set(HighlightStyle::String, coloured(c.string));
    set(HighlightStyle::Number, coloured(c.number));
    set(HighlightStyle::Constant, coloured(c.constant));
    set(HighlightStyle::Key, coloured(c.key));
    set(HighlightStyle::Tag, coloured(c.tag));
    set(HighlightStyle::Attribute, coloured(c.attribute));
    set(HighlightStyle::Preprocessor, coloured(c.preprocessor));
    set(HighlightStyle::Variable, coloured(c.variable));

    QTextCharFormat comment = coloured(mix(text, base, 0.45));
    comment.setFontItalic(true);
    set(HighlightStyle::Comment, comment);
    set(HighlightStyle::Punctuation, coloured(mix(text, base, 0.3)));
    set(HighlightStyle::Operator, coloured(mix(text, base, 0.2)));

    QTextCharFormat heading = coloured(c.heading);
    heading.setFontWeight(QFont::Bold);
    set(HighlightStyle::Heading, heading);
    QTextCharFormat strong;
    strong.setFontWeight(QFont::Bold);
    set(HighlightStyle::Strong, strong);
    QTextCharFormat emphasis;
    emphasis.setFontItalic(true);
    set(HighlightStyle::Emphasis, emphasis);
    QTextCharFormat code = coloured(c.string);
    code.setBackground(mix(base, text, 0.07));
    set(HighlightStyle::Code, code);
    QTextCharFormat link = coloured(c.link);
    link.setFontUnderline(true);
    set(HighlightStyle::Link, link);
    return theme;
}

} // namespace Toolgate

#include "core/schema/schemachecker.h"

#include "core/schema/schemanode.h"

#include <QFutureWatcher>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QMutex>
#include <QObject>
#include <QPromise>
#include <QThreadPool>

namespace Toolgate {

namespace {

// Whether value holds at most budget values and no reference, looking at no more than that: a
// reference can be expanded many times over when the schema is described (SchemaNode).
bool isSmallSchema(const QJsonValue &value, int &budget)
{
    if (--budget < 0)
        return false;
    if (value.isObject()) {
        const QJsonObject object = value.toObject();
        for (auto it = object.begin(); it != object.end(); ++it) {
            if (it.key() == QLatin1String("$ref") || it.key() == QLatin1String("$dynamicRef")
                || it.key() == QLatin1String("$recursiveRef") || !isSmallSchema(it.value(), budget))
                return false;
        }
    } else if (value.isArray()) {
        const QJsonArray array = value.toArray();
        for (const QJsonValue &item : array) {
            if (!isSmallSchema(item, budget))
                return false;
        }
    }
    return true;
}

} // namespace

class SchemaChecker::Private
{
public:
    Private() { pool.setMaxThreadCount(1); }

    // Compiling is much dearer than looking up, and the same schema comes again: with the tool's form,
    // its call, its result and the next call. A refusal is remembered too.
    Validator validator(const QJsonObject &schema)
    {
        const QByteArray key = QJsonDocument(schema).toJson(QJsonDocument::Compact);
        {
            QMutexLocker lock(&mutex);
            if (auto it = byText.constFind(key); it != byText.cend())
                return *it;
        }
        auto compiled = std::make_shared<const Result<SchemaValidator>>(SchemaValidator::compile(schema));
        QMutexLocker lock(&mutex);
        if (byText.size() > 512)
            byText.clear();
        byText.insert(key, compiled);
        return compiled;
    }

    QMutex mutex;
    QHash<QByteArray, Validator> byText;
    // Declared last: destroyed first, waiting for the work that is running.
    QThreadPool pool;
};

Q_GLOBAL_STATIC(SchemaChecker, sharedChecker)

SchemaChecker::SchemaChecker()
    : d(std::make_unique<Private>())
{
}

SchemaChecker::~SchemaChecker()
{
    d->pool.clear();
}

SchemaChecker *SchemaChecker::shared()
{
    return sharedChecker();
}

SchemaChecker::Validator SchemaChecker::validator(const QJsonObject &schema)
{
    return d->validator(schema);
}

void SchemaChecker::run(QObject *context, std::function<void()> work, std::function<void()> done)
{
    Q_ASSERT(context);
    // The watcher lives on context's thread and dies with it; the work only touches the promise.
    auto promise = std::make_shared<QPromise<void>>();
    auto *watcher = new QFutureWatcher<void>(context);
    QObject::connect(watcher, &QFutureWatcherBase::finished, context, [watcher, done = std::move(done)] {
        watcher->deleteLater();
        done();
    });
    watcher->setFuture(promise->future());
    promise->start();
    d->pool.start([promise, work = std::move(work)] {
        work();
        promise->finish();
    });
}

void SchemaChecker::check(const QJsonObject &schema, const QJsonValue &instance, QObject *context,
                          std::function<void(const Check &)> done)
{
    auto slot = std::make_shared<Check>();
    // The work may use d: destroying d waits for the work that is running.
    run(context, [slot, self = d.get(), schema, instance] {
        slot->validator = self->validator(schema);
        if (*slot->validator)
            slot->result = slot->validator->value().check(instance);
    }, [slot, done = std::move(done)] { done(*slot); });
}

std::optional<SchemaCheck> SchemaChecker::checkSoon(const SchemaValidator &validator, const QJsonValue &instance, QObject *context,
                                                    std::function<void(const SchemaCheck &)> done)
{
    SchemaCheck quick = validator.check(instance, kInlineWork);
    if (quick.verdict != SchemaVerdict::TooComplex || !quick.outOfBudget)
        return quick;
    auto slot = std::make_shared<SchemaCheck>();
    run(context, [slot, validator, instance] { *slot = validator.check(instance); },
        [slot, done = std::move(done)] { done(*slot); });
    return std::nullopt;
}

std::optional<SchemaChecker::Prepared> SchemaChecker::prepareSoon(const QJsonObject &schema, const JsonKeyOrder &schemaOrder,
                                                                  QObject *context, std::function<void(const Prepared &)> done)
{
    int budget = kInlineSchemaValues;
    if (!isSmallSchema(schema, budget)) {
        prepare(schema, schemaOrder, context, std::move(done));
        return std::nullopt;
    }
    return Prepared{d->validator(schema), std::make_shared<const SchemaNode>(SchemaNode::fromSchema(schema, schemaOrder))};
}

void SchemaChecker::prepare(const QJsonObject &schema, const JsonKeyOrder &schemaOrder, QObject *context,
                            std::function<void(const Prepared &)> done)
{
    auto slot = std::make_shared<Prepared>();
    run(context, [slot, self = d.get(), schema, schemaOrder] {
        slot->validator = self->validator(schema);
        slot->node = std::make_shared<const SchemaNode>(SchemaNode::fromSchema(schema, schemaOrder));
    }, [slot, done = std::move(done)] { done(*slot); });
}

} // namespace Toolgate

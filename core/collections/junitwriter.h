#pragma once

#include "core/collections/collectionrunner.h"

#include <QByteArray>

namespace Toolgate {

/// A RunReport as JUnit XML, the format CI systems (Jenkins, GitLab, GitHub actions) read: one
/// <testsuite> for the collection, one <testcase> per call, one <failure> per failed expectation
/// naming it and what differed (or one for a call that got no result), times in seconds.
namespace JUnitWriter {

QByteArray toXml(const RunReport &report);
/// Writes toXml(report) to path (atomically). The error names the file.
Result<void> write(const RunReport &report, const QString &path);

} // namespace JUnitWriter

} // namespace Toolgate

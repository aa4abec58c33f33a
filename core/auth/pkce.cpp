#include "core/auth/pkce.h"

#include <QCryptographicHash>
#include <QRandomGenerator>

namespace Toolgate {

Pkce Pkce::generate()
{
    static constexpr char alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~";
    constexpr int alphabetSize = sizeof(alphabet) - 1;
    Pkce pkce;
    pkce.verifier.resize(64);
    QRandomGenerator *random = QRandomGenerator::system();
    for (char &c : pkce.verifier)
        c = alphabet[random->bounded(alphabetSize)];
    pkce.challenge = challengeFor(pkce.verifier);
    return pkce;
}

QByteArray Pkce::challengeFor(const QByteArray &verifier)
{
    return QCryptographicHash::hash(verifier, QCryptographicHash::Sha256)
        .toBase64(QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals);
}

QByteArray Pkce::randomToken(int bytes)
{
    QByteArray raw(bytes, Qt::Uninitialized);
    QRandomGenerator::system()->fillRange(reinterpret_cast<quint32 *>(raw.data()), bytes / 4);
    for (int i = (bytes / 4) * 4; i < bytes; ++i)
        raw[i] = char(QRandomGenerator::system()->bounded(256));
    return raw.toBase64(QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals);
}

} // namespace Toolgate

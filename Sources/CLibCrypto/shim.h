// OpenSSL's libcrypto (3.0 or newer), as GlancePush uses it on Linux: PEM private keys, EVP signing and
// verification, and ECDSA signatures converted between DER and JWS's raw r‖s form.
#include <openssl/bio.h>
#include <openssl/bn.h>
#include <openssl/ec.h>
#include <openssl/ecdsa.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/pem.h>

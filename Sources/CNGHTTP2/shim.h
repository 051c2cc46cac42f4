// The HTTP/2 client of `glance push` on Linux: nghttp2 (Debian: libnghttp2-dev) for the HTTP/2 framing, and OpenSSL's
// libssl (libssl-dev) for TLS over memory BIOs. The macros of OpenSSL that Swift cannot import are wrapped here.
#include <nghttp2/nghttp2.h>
#include <openssl/err.h>
#include <openssl/ssl.h>
#include <openssl/x509v3.h>

/// TLS 1.2 or later, no compression or renegotiation, peers verified against the system's store.
static inline int glance_tls_context_setup(SSL_CTX *context) {
    if (!SSL_CTX_set_min_proto_version(context, TLS1_2_VERSION)) return 0;
    SSL_CTX_set_options(context, SSL_OP_NO_COMPRESSION | SSL_OP_NO_RENEGOTIATION);
    SSL_CTX_set_verify(context, SSL_VERIFY_PEER, NULL);
    return SSL_CTX_set_default_verify_paths(context);
}

/// Server Name Indication.
static inline int glance_tls_set_server_name(SSL *ssl, const char *name) {
    return (int)SSL_set_tlsext_host_name(ssl, name);
}

/// A memory BIO that answers "try again" when it is empty (not end of file).
static inline BIO *glance_memory_bio(void) {
    BIO *bio = BIO_new(BIO_s_mem());
    if (bio) BIO_set_mem_eof_return(bio, -1);
    return bio;
}

#ifndef REMO_CRYPTO_SHIM_H
#define REMO_CRYPTO_SHIM_H

#include <stddef.h>
#include <openssl/evp.h>

/// The SHA-256 of `size` bytes into `digest` (32 bytes), through OpenSSL's EVP interface.
/// Returns 1 on success, 0 if OpenSSL failed.
static inline int remo_sha256(const void *data, size_t size, unsigned char *digest) {
    unsigned int length = 0;
    return EVP_Digest(data, size, digest, &length, EVP_sha256(), NULL) == 1 && length == 32;
}

#endif

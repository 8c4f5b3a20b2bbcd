#ifndef REMO_HEIF_H
#define REMO_HEIF_H
// The whole of remo-geom's contact with libheif: one function decodes the primary image
// of a HEIF/HEIC file held in memory, or a thumbnail of it that is large enough. libheif
// reports errors as structs (no longjmp); this turns them into a status and a sentence,
// and checks the size before decoding.

#include <stddef.h>
#include <stdint.h>

/// The colour description of the file: an nclx box or an ICC profile.
typedef struct {
    int has_nclx;
    int colour_primaries;    // ITU-T H.273: 1 BT.709 (sRGB), 12 SMPTE EG 432 (Display P3)
    int transfer;            // ITU-T H.273: 13 sRGB
    uint8_t *icc;            // owned
    uint32_t icc_length;
} remo_heif_colour;

/// The primary image, or a thumbnail of it, decoded with the file's own transformations
/// (rotation, mirror, crop) applied by libheif: `channels` samples per pixel (1 luma or 4 RGBA).
typedef struct {
    uint32_t width;
    uint32_t height;
    int channels;
    uint8_t *pixels;         // width * height * channels bytes; owned
    remo_heif_colour colour; // the primary's
    uint32_t source_width;   // the primary image's size: as decoded, or for a thumbnail as
    uint32_t source_height;  // its header gives it (after its transformations)
    int from_thumbnail;      // the pixels are those of a thumbnail the file holds
} remo_heif_image;

enum {
    REMO_HEIF_OK = 0,
    REMO_HEIF_ERROR = 1,         // the reason is in `message`
    REMO_HEIF_TOO_LARGE = 2,     // above the pixel limit, refused before decoding
    REMO_HEIF_OUT_OF_MEMORY = 3,
};

/// Reads the primary image's size (after its transformations) without decoding.
int remo_heif_header(const uint8_t *data, size_t size, uint32_t *width, uint32_t *height, char *message, size_t message_size);

/// Decodes the primary image as luma (`channels` 1) or RGBA (`channels` 4). At most
/// `max_pixels` pixels (of the primary image) are accepted, checked before decoding. With
/// `min_width` and `min_height` not 0, the smallest thumbnail in the file that is at least
/// that size and a scaled copy of the primary image (smaller, of its shape, alpha and colour
/// description) is decoded instead when there is one: an iPhone's 320 x 240 thumbnail
/// decodes in a few milliseconds, its 12-megapixel image in most of a second.
int remo_heif_decode(const uint8_t *data, size_t size, uint64_t max_pixels, int channels, uint32_t min_width, uint32_t min_height,
                     remo_heif_image *image, char *message, size_t message_size);

/// Frees what remo_heif_decode allocated (safe on a zeroed struct).
void remo_heif_free_image(remo_heif_image *image);

#endif

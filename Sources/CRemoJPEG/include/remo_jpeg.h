#ifndef REMO_JPEG_H
#define REMO_JPEG_H
// The whole of remo-geom's contact with libjpeg-turbo: one function reads a JPEG's
// header and one decodes it. Each owns its setjmp and an error manager that longjmps
// back to it (libjpeg's default would call exit()), so no longjmp ever crosses a Swift
// frame; Swift sees plain structs and status codes.

#include <stddef.h>
#include <stdint.h>

/// What the header says, before any pixel is decoded.
typedef struct {
    uint32_t width;          // as stored, before EXIF orientation
    uint32_t height;
    int components;          // 1 grey, 3 YCbCr or RGB, 4 CMYK or YCCK
    int cmyk;                // CMYK or YCCK samples
    int adobe_inverted;      // an Adobe APP14 marker: CMYK samples are stored inverted
    int progressive;
    uint8_t *exif;           // the TIFF data of the first Exif APP1 (after "Exif\0\0"); owned
    uint32_t exif_length;
    uint8_t *icc;            // the ICC profile, reassembled from APP2 chunks; owned
    uint32_t icc_length;
} remo_jpeg_info;

/// A decoded image: `channels` samples per pixel (1 luma, or 4 RGBA with alpha 255),
/// rows top to bottom as stored (EXIF orientation not applied).
typedef struct {
    uint32_t width;
    uint32_t height;
    int channels;
    uint8_t *pixels;         // width * height * channels bytes; owned
} remo_jpeg_image;

enum {
    REMO_JPEG_OK = 0,
    REMO_JPEG_ERROR = 1,         // the reason is in `message`
    REMO_JPEG_TOO_LARGE = 2,     // above the pixel limit, refused before allocation
    REMO_JPEG_OUT_OF_MEMORY = 3,
};

/// The most scans a progressive JPEG may have: a real one has about ten, and each scan
/// of a hostile one with thousands costs a pass over the whole coefficient buffer.
#define REMO_JPEG_MAX_SCANS 256

/// Reads the header (and the Exif and ICC markers before the first scan).
int remo_jpeg_header(const uint8_t *data, size_t size, remo_jpeg_info *info, char *message, size_t message_size);

/// Decodes a JPEG held in memory at 1/`scale_denominator` of its size (1, 2, 4 or 8: the
/// DCT scaling of libjpeg-turbo, much faster than decoding whole and shrinking), as luma
/// (`channels` 1) or RGBA (`channels` 4). CMYK and YCCK are converted to RGB, inverted
/// Adobe CMYK included. At most `max_pixels` pixels (of the full size) are accepted,
/// checked from the header before any image memory is allocated. Data that ends early is
/// an error, not a grey bottom.
int remo_jpeg_decode(const uint8_t *data, size_t size, uint64_t max_pixels, int scale_denominator, int channels,
                     remo_jpeg_image *image, char *message, size_t message_size);

/// Frees what remo_jpeg_header allocated (safe on a zeroed struct).
void remo_jpeg_free_info(remo_jpeg_info *info);

/// Frees what remo_jpeg_decode allocated (safe on a zeroed struct).
void remo_jpeg_free_image(remo_jpeg_image *image);

#endif

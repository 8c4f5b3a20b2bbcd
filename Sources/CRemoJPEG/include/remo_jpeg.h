#ifndef REMO_JPEG_H
#define REMO_JPEG_H
// The whole of remo-geom's contact with libjpeg-turbo: one function reads a JPEG's
// header; a reader decodes its rows, a few at a time if the caller wants to work on the
// first rows while the rest are decoded; one function encodes. Each function that enters libjpeg owns a setjmp
// and an error manager that longjmps back to it (libjpeg's default would call exit()), so
// no longjmp ever crosses a Swift frame; Swift sees plain structs and status codes.

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

/// A JPEG being decoded, row by row (opaque).
typedef struct remo_jpeg_reader remo_jpeg_reader;

enum {
    REMO_JPEG_OK = 0,
    REMO_JPEG_ERROR = 1,         // the reason is in `message`
    REMO_JPEG_TOO_LARGE = 2,     // above the pixel limit, refused before allocation
    REMO_JPEG_OUT_OF_MEMORY = 3,
};

/// The most scans a progressive JPEG may have: a real one has about ten, and each scan of
/// a hostile one costs a pass over the whole coefficient buffer (255 refinement scans of a
/// 12-megapixel photo took 16 s). Fewer for a large image: scans × pixels stays under
/// REMO_JPEG_MAX_SCAN_PIXELS, which allows 64 scans up to 32 megapixels and 21 at the
/// default limit of 100.
#define REMO_JPEG_MAX_SCANS 64
#define REMO_JPEG_MAX_SCAN_PIXELS (1ULL << 31)

/// Reads the header (and the Exif and ICC markers before the first scan).
int remo_jpeg_header(const uint8_t *data, size_t size, remo_jpeg_info *info, char *message, size_t message_size);

/// Starts decoding a JPEG held in memory (which must stay in place until the reader is
/// closed) at 1/`scale_denominator` of its size (1, 2, 4 or 8: the DCT scaling of
/// libjpeg-turbo, much faster than decoding whole and shrinking), as luma (`channels` 1) or
/// RGBA (`channels` 4). CMYK and YCCK are converted to RGB, inverted Adobe CMYK included.
/// At most `max_pixels` pixels (of the full size) are accepted, checked from the header
/// before any image memory is allocated. On success `*reader` is set, and the decoded size
/// (rows top to bottom as stored, EXIF orientation not applied) is in `width` and `height`.
int remo_jpeg_open(const uint8_t *data, size_t size, uint64_t max_pixels, int scale_denominator, int channels,
                   remo_jpeg_reader **reader, uint32_t *width, uint32_t *height, char *message, size_t message_size);

/// Decodes the next `rows` rows (fewer at the bottom) into `out`, `width * channels` bytes
/// each. Data that ends early is an error, not a grey bottom; after an error every further
/// call fails.
int remo_jpeg_read_rows(remo_jpeg_reader *reader, uint8_t *out, uint32_t rows, char *message, size_t message_size);

/// Frees a reader (safe on NULL).
void remo_jpeg_close(remo_jpeg_reader *reader);

/// Frees what remo_jpeg_header allocated (safe on a zeroed struct).
void remo_jpeg_free_info(remo_jpeg_info *info);

/// Encodes 8-bit RGB rows (`width * 3` bytes each, top to bottom) as a baseline JPEG at
/// `quality` (1-100, libjpeg's scale) with 4:2:0 chroma and optimised Huffman tables, and no
/// ICC profile (an untagged JPEG is sRGB). `*output` is malloc'ed: free it with
/// remo_jpeg_free_buffer.
int remo_jpeg_encode(const uint8_t *rgb, uint32_t width, uint32_t height, int quality, uint8_t **output, size_t *output_size, char *message, size_t message_size);

/// Frees what remo_jpeg_encode allocated (safe on NULL).
void remo_jpeg_free_buffer(uint8_t *buffer);

#endif

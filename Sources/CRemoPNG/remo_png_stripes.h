#ifndef REMO_PNG_STRIPES_H
#define REMO_PNG_STRIPES_H

#include "remo_png.h"

/// What the encoder is given and writes: RGBA written as RGBA, RGBA written as RGB, or one
/// grey byte per pixel written as grey.
typedef enum { REMO_SAMPLES_RGBA, REMO_SAMPLES_RGB_FROM_RGBA, REMO_SAMPLES_GREY } remo_png_layout;

typedef struct {
    const uint8_t *samples;  // the whole image, or NULL when `next_row` gives its rows
    uint32_t width;
    uint32_t height;
    remo_png_layout layout;
    remo_png_row_source next_row;
    void *context;           // next_row's
} remo_png_samples;

/// Appends the image's IDAT chunks (whole: length, type, data, CRC) to `pieces`, filtered
/// and compressed as `level` says (see remo_png_encode). On failure nothing is appended.
/// The rows of a whole image are compressed in stripes on several threads; those of a
/// `next_row` source in stripes one after another, on this thread.
int remo_png_idat_chunks(const remo_png_samples *samples, int level, remo_png_pieces *pieces);

#endif

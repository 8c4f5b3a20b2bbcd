#ifndef REMO_COLOUR_H
#define REMO_COLOUR_H
// The whole of remo-geom's contact with Little CMS 2 (Debian's liblcms2-dev): one function
// converts 8-bit RGBA samples from the image's colour space to sRGB. Little CMS reports
// errors by return values, not longjmp; each call gets a context of its own, so calls on
// several threads share nothing.

#include <stddef.h>
#include <stdint.h>

enum {
    REMO_COLOUR_CONVERTED = 0,
    REMO_COLOUR_UNUSABLE = 1,  // the profile cannot be read or is not an RGB profile; `message` says which
};

/// Converts `pixel_count` RGBA pixels in place to sRGB (relative colorimetric, as browsers
/// show images; alpha is copied), from the ICC profile `icc` when it is not NULL, else from
/// Display P3 (SMPTE EG 432-1 primaries, D65 white, the sRGB transfer curve: what a HEIF
/// colour description with primaries 12 means).
int remo_colour_to_srgb(const uint8_t *icc, size_t icc_length, uint8_t *rgba, size_t pixel_count, char *message,
                        size_t message_size);

#endif

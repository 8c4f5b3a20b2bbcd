#ifndef REMO_PNG_H
#define REMO_PNG_H

/// The longest side read or written: libpng's default limit for writing, so that every
/// image read can be written back.
#define REMO_PNG_MAX_SIDE 1000000
// The whole of remo-geom's contact with libpng: a reader decodes a PNG from memory a
// few rows at a time, and one function encodes a whole image to memory. Each function owns
// its setjmp, so no longjmp ever crosses a Swift frame; Swift sees plain structs and status
// codes.

#include <stddef.h>
#include <stdint.h>

/// The colour chunks carried from input to output unchanged.
typedef struct {
    int has_srgb;
    int srgb_intent;
    int has_gama;
    uint32_t gama;          // gAMA, times 100000
    int has_chrm;
    int32_t chrm[8];        // white x, y, red x, y, green x, y, blue x, y; times 100000
    int has_iccp;
    char iccp_name[80];
    uint8_t *iccp;          // owned: free with remo_png_free_image
    uint32_t iccp_length;
} remo_png_colour;

/// What a PNG's header and colour chunks say; its rows are read as 8-bit RGBA samples as
/// stored (no gamma or profile conversion).
typedef struct {
    uint32_t width;
    uint32_t height;
    int had_transparency;   // an alpha channel or a tRNS chunk
    int bit_depth;
    int colour_type;
    int interlaced;         // Adam7: its rows can only be read all at once
    remo_png_colour colour;
} remo_png_info;

enum {
    REMO_PNG_OK = 0,
    REMO_PNG_ERROR = 1,          // libpng's message is in `message`
    REMO_PNG_TOO_LARGE = 2,      // above the pixel limit, refused before allocation
    REMO_PNG_OUT_OF_MEMORY = 3,
    REMO_PNG_STOPPED = 4,        // a row source gave no row
};

/// Reads the width and height from a PNG's IHDR without decoding; REMO_PNG_OK when present.
int remo_png_header(const uint8_t *data, size_t size, uint32_t *width, uint32_t *height);

/// A PNG being read from memory, a few rows at a time.
typedef struct remo_png_reader remo_png_reader;

/// Opens a PNG held in memory (which must stay in place until the reader is closed) and
/// reads up to its image data. At most `max_pixels` pixels are accepted, checked from the
/// header before anything is allocated. On success `*reader` is open and `info` filled (free
/// its colour chunks with remo_png_free_info); on failure `message` holds a sentence
/// (libpng's own when it reported the error).
int remo_png_open(const uint8_t *data, size_t size, uint64_t max_pixels, remo_png_reader **reader, remo_png_info *info,
                  char *message, size_t message_size);

/// remo_png_open for a file of `size` bytes open as `fd`, read as it is decoded (with
/// pread, a window of 64 KB at a time: `fd`'s own offset is left alone), so that it is never
/// held whole. `fd` must stay open until the reader is closed. A file that turns out
/// shorter than `size` is reported as truncated.
int remo_png_open_file(int fd, size_t size, uint64_t max_pixels, remo_png_reader **reader, remo_png_info *info,
                       char *message, size_t message_size);
/// Decodes the next `count` rows (fewer at the bottom) into `out`, width * 4 bytes each.
/// An interlaced PNG is read whole, in one call. Reading the last row also reads the chunks
/// after the image data and checks the data's checksum. After an error the reader gives only
/// errors.
int remo_png_read_rows(remo_png_reader *reader, uint8_t *out, uint32_t count, char *message, size_t message_size);

/// Closes a reader (safe on NULL).
void remo_png_close(remo_png_reader *reader);

/// Frees the colour chunks remo_png_open copied (safe on a zeroed struct).
void remo_png_free_info(remo_png_info *info);

/// An encoded PNG as consecutive pieces (its header chunks, its IDAT chunks, IEND), each
/// malloc'ed: the image data is compressed in stripes on several threads, and the pieces
/// are joined only once, into the caller's buffer.
#define REMO_PNG_MOST_PIECES 40
typedef struct {
    size_t count;
    uint8_t *data[REMO_PNG_MOST_PIECES];
    size_t size[REMO_PNG_MOST_PIECES];
} remo_png_pieces;

/// Encodes 8-bit RGBA samples as RGBA (`write_alpha`) or RGB, with the colour chunks.
/// `level` 2–9: zlib level with adaptive filters (all five); 0 or 1: the fast setting
/// (level 1, run-length deflate, adaptive choice of Sub or Up for each row). On success
/// `output` holds the pieces: join them with remo_png_pieces_move.
int remo_png_encode(const uint8_t *rgba, uint32_t width, uint32_t height, int write_alpha, const remo_png_colour *colour,
                    int level, remo_png_pieces *output, char *message, size_t message_size);

/// Where a streamed encode (remo_png_encode_rows) takes its rows: row `y` as 8-bit RGBA,
/// asked for top to bottom (each stripe but the first starts by asking again for the row
/// before its own). Asking for row `y` says that the rows above `y - 1` are no longer
/// needed; the row is copied before the next call. NULL stops the encode (REMO_PNG_STOPPED).
typedef const uint8_t *(*remo_png_row_source)(void *context, uint32_t y);
/// remo_png_encode with the rows given one at a time by `next_row`, so that the image is
/// never held whole: they are compressed as they come, on the calling thread, in stripes
/// of a few megabytes (each its own IDAT chunk). The same pixels as remo_png_encode.
int remo_png_encode_rows(remo_png_row_source next_row, void *context, uint32_t width, uint32_t height, int write_alpha,
                         const remo_png_colour *colour, int level, remo_png_pieces *output, char *message,
                         size_t message_size);
/// Encodes one 8-bit grey sample per pixel as a grey PNG (no colour chunks); `level` as
/// for remo_png_encode.
int remo_png_encode_grey(const uint8_t *grey, uint32_t width, uint32_t height, int level, remo_png_pieces *output,
                         char *message, size_t message_size);

/// The encoded PNG's length in bytes.
size_t remo_png_pieces_size(const remo_png_pieces *pieces);

/// Copies the pieces, in order, to `destination` (remo_png_pieces_size bytes), freeing each
/// as soon as it is copied.
void remo_png_pieces_move(remo_png_pieces *pieces, uint8_t *destination);

/// Frees the pieces (safe on a zeroed struct or after remo_png_pieces_move).
void remo_png_pieces_free(remo_png_pieces *pieces);

#endif

#ifndef REMO_JPEG_ERRORS_H
#define REMO_JPEG_ERRORS_H
// What remo_jpeg.c and remo_jpeg_bands.c share: the error manager that takes libjpeg's
// errors back to the setjmp of the function (or thread) that called libjpeg.

#include <setjmp.h>
#include <stdio.h>

#include <jpeglib.h>

// libjpeg reports errors through its error manager; ours formats the message and
// longjmps back to the setjmp of the function that called libjpeg.
typedef struct {
    struct jpeg_error_mgr pub;
    jmp_buf jump;
    char message[JMSG_LENGTH_MAX];
} remo_error_mgr;

/// Formats libjpeg's message into the manager and longjmps to its jump buffer.
void remo_jpeg_error_exit(j_common_ptr cinfo);

/// Prints nothing: messages reach the caller as text, never on standard error.
void remo_jpeg_output_message(j_common_ptr cinfo);

/// The output colour space of a file that is neither CMYK nor YCCK: luma for one channel,
/// RGBA for four.
static inline J_COLOR_SPACE remo_jpeg_output_space(int channels) { return channels == 1 ? JCS_GRAYSCALE : JCS_EXT_RGBA; }

#endif

// Decodes each file given with remo_heif_decode, in RGBA and in luma, its image and its
// thumbnail, under AddressSanitizer's LeakSanitizer: the process fails if anything libheif
// allocated for us is left unfreed. Built and run by ImageDecoderTests (clang -fsanitize=address); the
// test process itself runs other suites in parallel, so its own memory cannot show a leak
// of 52 bytes a decode.
#include <stdio.h>
#include <stdlib.h>

#include "remo_heif.h"

int main(int argc, char **argv) {
    for (int i = 1; i < argc; i++) {
        FILE *file = fopen(argv[i], "rb");
        if (!file) return 2;
        fseek(file, 0, SEEK_END);
        long size = ftell(file);
        fseek(file, 0, SEEK_SET);
        unsigned char *data = malloc((size_t)size);
        if (!data || fread(data, 1, (size_t)size, file) != (size_t)size) return 2;
        fclose(file);
        for (int channels = 1; channels <= 4; channels += 3) {
            // The image, then a thumbnail of it where the file has one of at least 16 x 16.
            for (uint32_t least = 0; least <= 16; least += 16) {
                remo_heif_image image;
                char message[512];
                int status = remo_heif_decode(data, (size_t)size, 4000000, channels, least, least, &image, message, sizeof message);
                printf("%s, %d channels%s: status %d%s%s\n", argv[i], channels, least ? " (a thumbnail)" : "", status,
                       status ? ": " : "", status ? message : "");
                remo_heif_free_image(&image);
            }
        }
        free(data);
    }
    return 0;
}

// The heap block behind a pointer, for choreo-bench's memory breakdown (glibc's
// malloc_usable_size, which Swift's Glibc module does not export).
#include <malloc.h>
#include "CBenchBaseline.h"

size_t cbb_heap_block_size(const void *pointer) {
    return pointer ? malloc_usable_size((void *)pointer) : 0;
}

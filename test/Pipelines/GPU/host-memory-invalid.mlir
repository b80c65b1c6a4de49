// What remat-gpu-host-memory cannot lower is an error on the op: a host
// buffer without a static shape, and a copy between host and device memory
// through a view that is not one contiguous block (DMA copies whole
// contiguous buffers; remat's offloads and scan slots always are).
// RUN: remat-opt %s -split-input-file -verify-diagnostics -remat-gpu-host-memory

func.func @dynamic(%n: index) {
  // expected-error @+1 {{'memref.alloc' op in host memory (#remat.host) needs a static shape and the identity layout}}
  %h = memref.alloc(%n) : memref<?xf32, #remat.host>
  memref.dealloc %h : memref<?xf32, #remat.host>
  return
}

// -----

func.func @column(%x: memref<8xf32>) {
  %h = memref.alloc() : memref<8x4xf32, #remat.host>
  %c = memref.subview %h[0, 1] [8, 1] [1, 1] : memref<8x4xf32, #remat.host> to memref<8xf32, strided<[4], offset: 1>, #remat.host>
  // expected-error @+1 {{'memref.copy' op copies between host and device memory through 'memref<8xf32, strided<[4], offset: 1>, #remat.host>', which is not a statically shaped contiguous buffer; remat-lower-gpu copies host memory by DMA, whole contiguous buffers only}}
  memref.copy %x, %c : memref<8xf32> to memref<8xf32, strided<[4], offset: 1>, #remat.host>
  memref.dealloc %h : memref<8x4xf32, #remat.host>
  return
}

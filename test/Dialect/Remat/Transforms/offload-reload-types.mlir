// remat.offload and remat.reload take every value the planner can keep:
// any statically shaped tensor with no encoding whose elements have a byte
// size (integers of any width, floats, index, complex), empty ones too.
// RUN: split-file %s %t
// RUN: remat-opt %t/valid.mlir | FileCheck %s
// RUN: remat-opt %t/invalid.mlir -split-input-file -verify-diagnostics

// CHECK-LABEL: func.func @every_element_type
// CHECK: remat.offload %{{.*}} : tensor<3xf64> -> tensor<3xf64, #remat.host>
// CHECK: remat.reload %{{.*}} : tensor<3xf64, #remat.host> -> tensor<3xf64>
// CHECK: remat.offload %{{.*}} : tensor<2x5xi1> -> tensor<2x5xi1, #remat.host>
// CHECK: remat.offload %{{.*}} : tensor<7xi8> -> tensor<7xi8, #remat.host>
// CHECK: remat.offload %{{.*}} : tensor<4xindex> -> tensor<4xindex, #remat.host>
// CHECK: remat.offload %{{.*}} : tensor<2xcomplex<f32>> -> tensor<2xcomplex<f32>, #remat.host>
// CHECK: remat.offload %{{.*}} : tensor<0x4xf32> -> tensor<0x4xf32, #remat.host>
// CHECK: remat.reload %{{.*}} : tensor<0x4xf32, #remat.host> -> tensor<0x4xf32>

//--- valid.mlir
func.func @every_element_type(%a: tensor<3xf64>, %b: tensor<2x5xi1>, %c: tensor<7xi8>, %d: tensor<4xindex>, %e: tensor<2xcomplex<f32>>, %f: tensor<0x4xf32>) -> (tensor<3xf64>, tensor<2x5xi1>, tensor<7xi8>, tensor<4xindex>, tensor<2xcomplex<f32>>, tensor<0x4xf32>) {
  %ha = remat.offload %a : tensor<3xf64> -> tensor<3xf64, #remat.host>
  %ra = remat.reload %ha : tensor<3xf64, #remat.host> -> tensor<3xf64>
  %hb = remat.offload %b : tensor<2x5xi1> -> tensor<2x5xi1, #remat.host>
  %rb = remat.reload %hb : tensor<2x5xi1, #remat.host> -> tensor<2x5xi1>
  %hc = remat.offload %c : tensor<7xi8> -> tensor<7xi8, #remat.host>
  %rc = remat.reload %hc : tensor<7xi8, #remat.host> -> tensor<7xi8>
  %hd = remat.offload %d : tensor<4xindex> -> tensor<4xindex, #remat.host>
  %rd = remat.reload %hd : tensor<4xindex, #remat.host> -> tensor<4xindex>
  %he = remat.offload %e : tensor<2xcomplex<f32>> -> tensor<2xcomplex<f32>, #remat.host>
  %re = remat.reload %he : tensor<2xcomplex<f32>, #remat.host> -> tensor<2xcomplex<f32>>
  %hf = remat.offload %f : tensor<0x4xf32> -> tensor<0x4xf32, #remat.host>
  %rf = remat.reload %hf : tensor<0x4xf32, #remat.host> -> tensor<0x4xf32>
  return %ra, %rb, %rc, %rd, %re, %rf : tensor<3xf64>, tensor<2x5xi1>, tensor<7xi8>, tensor<4xindex>, tensor<2xcomplex<f32>>, tensor<0x4xf32>
}

//--- invalid.mlir
func.func @offload_dynamic(%x: tensor<?xf64>) -> tensor<?xf64, #remat.host> {
  // expected-error @+1 {{'remat.offload' op operand #0 must be statically shaped tensor (at most 256 TiB) of integers, floats, index or complex numbers in device memory (no encoding), but got 'tensor<?xf64>'}}
  %0 = remat.offload %x : tensor<?xf64> -> tensor<?xf64, #remat.host>
  return %0 : tensor<?xf64, #remat.host>
}

// -----

func.func @offload_encoded(%x: tensor<4xi1, "dev">) -> tensor<4xi1, #remat.host> {
  // expected-error @+1 {{'remat.offload' op operand #0 must be statically shaped tensor (at most 256 TiB) of integers, floats, index or complex numbers in device memory (no encoding), but got 'tensor<4xi1, "dev">'}}
  %0 = remat.offload %x : tensor<4xi1, "dev"> -> tensor<4xi1, #remat.host>
  return %0 : tensor<4xi1, #remat.host>
}

// -----

func.func @offload_vector_elements(%x: tensor<4xvector<2xf32>>) -> tensor<4xvector<2xf32>, #remat.host> {
  // expected-error @+1 {{'remat.offload' op operand #0 must be statically shaped tensor (at most 256 TiB) of integers, floats, index or complex numbers in device memory (no encoding), but got 'tensor<4xvector<2xf32>>'}}
  %0 = remat.offload %x : tensor<4xvector<2xf32>> -> tensor<4xvector<2xf32>, #remat.host>
  return %0 : tensor<4xvector<2xf32>, #remat.host>
}

// -----

func.func @reload_device_f64(%x: tensor<4xf64>) -> tensor<4xf64> {
  // expected-error @+1 {{'remat.reload' op operand #0 must be statically shaped tensor (at most 256 TiB) of integers, floats, index or complex numbers in host memory (#remat.host encoding), but got 'tensor<4xf64>'}}
  %0 = remat.reload %x : tensor<4xf64> -> tensor<4xf64>
  return %0 : tensor<4xf64>
}

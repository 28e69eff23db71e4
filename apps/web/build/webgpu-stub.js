// human's nobundle build imports the WebGPU backend, which we do not ship (WebGPU is not in our browsers'
// baseline and tfjs-backend-webgpu is not installed). This empty module stands in for it.
export {};

/* fatekit page bundle of sources fe78c1e296d0e23921ac7f7fcea33fa3ff77e165fc06d6baa6b6a30e3ddd976b */
import{G as a,H as b,I as c,J as d,K as e,L as f,M as g,N as h,O as i,P as j}from"./chunk-RC2ROCG3.js";export{a as app,f as errorText,c as notify,g as pressed,d as redraw,e as ruleReason,j as send,i as showError,h as showErrorBeside,b as subscribe};
//# sourceMappingURL=/web/bundle/store.js.map

/* fatekit page bundle of sources 4985dab5e06e22f75e16e4c3ac4b7783075795cd53ff3ca5b8bfccb65471499e */
import{E as a,F as b,G as c,H as d,I as e,J as f,K as g,L as h,M as i,N as j}from"./chunk-YW6234QK.js";export{a as app,f as errorText,c as notify,g as pressed,d as redraw,e as ruleReason,j as send,i as showError,h as showErrorBeside,b as subscribe};
//# sourceMappingURL=/web/bundle/store.js.map

/* fatekit page bundle of sources 5fc56d8ca51411c6b6bb3ab31d339831d61a2ba1f46a8c856d5d97315f5a9a6d */
import{E as a,F as b,G as c,H as d,I as e,J as f,K as g,L as h,M as i,N as j}from"./chunk-WQIW5UO6.js";export{a as app,f as errorText,c as notify,g as pressed,d as redraw,e as ruleReason,j as send,i as showError,h as showErrorBeside,b as subscribe};
//# sourceMappingURL=/web/bundle/store.js.map

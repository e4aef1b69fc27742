/* fatekit page bundle of sources 59c0f90c7c8a147cd16fcd5f910270785f7e3e54b8aa23083678e11e77b8605a */
import{E as a,F as b,G as c,H as d,I as e,J as f,K as g,L as h,M as i,N as j}from"./chunk-3JHFHHZL.js";export{a as app,f as errorText,c as notify,g as pressed,d as redraw,e as ruleReason,j as send,i as showError,h as showErrorBeside,b as subscribe};
//# sourceMappingURL=/web/bundle/store.js.map
